/**
 * The router (react-router-dom 7, basename /app): public pages, the public candidate form, the
 * protected shell with the root route, the route table of routes.tsx and 'Not found'.
 */
import { Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { CheckMailPage } from "../features/auth/check-mail-page";
import { CodeVerificationPage } from "../features/auth/code-verification-page";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page";
import { LoginPage } from "../features/auth/login-page";
import { PublicLayout } from "../features/auth/public-layout";
import { RegisterPage } from "../features/auth/register-page";
import { ResetPasswordPage } from "../features/auth/reset-password-page";
import { ComingSoonPage } from "../features/errors/coming-soon-page";
import { NotFoundPage } from "../features/errors/not-found-page";
import { PageLoader } from "../features/errors/page-loader";
import { RouteError } from "../features/errors/route-error";
import { PublicOnly, RequireAuth, RequirePermission } from "./guards";
import { ShellLayout } from "./layout/shell-layout";
import { lazyPage } from "./lazy-page";
import { RootRoute } from "./root-route";
import { type AppRoute, ROUTES } from "./routes";

export const BASENAME = "/app";

const CandidaturaPage = lazyPage(
  () => import("../features/anagrafiche/candidatura/candidatura-page"),
  "CandidaturaPage",
);

function RoutePage({ route }: { route: AppRoute }) {
  const Page = route.page;
  return (
    <RequirePermission capabilities={route.capabilities}>
      {Page ? (
        <Suspense fallback={<PageLoader />}>
          <Page />
        </Suspense>
      ) : (
        <ComingSoonPage title={route.title} />
      )}
    </RequirePermission>
  );
}

export function appRoutes(): RouteObject[] {
  return [
    {
      path: "/form-candidatura",
      errorElement: <RouteError />,
      element: (
        <Suspense fallback={<PageLoader />}>
          <CandidaturaPage />
        </Suspense>
      ),
    },
    {
      errorElement: <RouteError />,
      element: (
        <PublicOnly>
          <PublicLayout />
        </PublicOnly>
      ),
      children: [
        { path: "login", element: <LoginPage /> },
        { path: "register", element: <RegisterPage /> },
        { path: "forgot-password", element: <ForgotPasswordPage /> },
        { path: "check-mail", element: <CheckMailPage /> },
        { path: "reset-password", element: <ResetPasswordPage /> },
        { path: "code-verification", element: <CodeVerificationPage /> },
      ],
    },
    {
      path: "/",
      errorElement: <RouteError />,
      element: (
        <RequireAuth>
          <ShellLayout />
        </RequireAuth>
      ),
      children: [
        { index: true, element: <RootRoute /> },
        ...ROUTES.map((r) => ({ path: r.path.replace(/^\//, ""), element: <RoutePage route={r} /> })),
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes(), { basename: BASENAME });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
