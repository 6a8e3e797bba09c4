/**
 * The router (react-router-dom 7, basename /app): public pages, the public candidate form, the
 * protected shell with the root route, the route table of routes.tsx and 'Not found'.
 *
 * Only the login page and its frame are in the entry bundle: the other public pages, the shell
 * (side menu, header, notification alert), the root route with the dashboard
 * and every page of routes.tsx are loaded on demand, each behind a Suspense showing 'Caricamento…'.
 * test/e2e/web-bytes.test.ts holds the bytes a cold /app/login and login → dashboard cost (budgets).
 */
import { type ComponentType, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { LoginPage } from "../features/auth/login-page";
import { PublicLayout } from "../features/auth/public-layout";
import { ComingSoonPage } from "../features/errors/coming-soon-page";
import { NotFoundPage } from "../features/errors/not-found-page";
import { PageLoader } from "../features/errors/page-loader";
import { RouteError } from "../features/errors/route-error";
import { NOT_FOUND_ROUTE_ID, PublicOnly, RequireAuth, RequirePermission } from "./guards";
import { lazyPage } from "./lazy-page";
import { type AppRoute, ROUTES } from "./routes";

export const BASENAME = "/app";

const CandidaturaPage = lazyPage(
  () => import("../features/anagrafiche/candidatura/candidatura-page"),
  "CandidaturaPage",
);
const RegisterPage = lazyPage(() => import("../features/auth/register-page"), "RegisterPage");
const ForgotPasswordPage = lazyPage(() => import("../features/auth/forgot-password-page"), "ForgotPasswordPage");
const CheckMailPage = lazyPage(() => import("../features/auth/check-mail-page"), "CheckMailPage");
const ResetPasswordPage = lazyPage(() => import("../features/auth/reset-password-page"), "ResetPasswordPage");
const CodeVerificationPage = lazyPage(() => import("../features/auth/code-verification-page"), "CodeVerificationPage");
const ShellLayout = lazyPage(() => import("./layout/shell-layout"), "ShellLayout");
const RootRoute = lazyPage(() => import("./root-route"), "RootRoute");

/** A page loaded on demand, with the loading state while its code arrives. */
function onDemand(Page: ComponentType<Record<string, never>>) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

function RoutePage({ route }: { route: AppRoute }) {
  const Page = route.page;
  return (
    <RequirePermission capabilities={route.capabilities}>
      {Page ? onDemand(Page) : <ComingSoonPage title={route.title} />}
    </RequirePermission>
  );
}

export function appRoutes(): RouteObject[] {
  return [
    {
      path: "/form-candidatura",
      errorElement: <RouteError />,
      element: onDemand(CandidaturaPage),
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
        { path: "register", element: onDemand(RegisterPage) },
        { path: "forgot-password", element: onDemand(ForgotPasswordPage) },
        { path: "check-mail", element: onDemand(CheckMailPage) },
        { path: "reset-password", element: onDemand(ResetPasswordPage) },
        { path: "code-verification", element: onDemand(CodeVerificationPage) },
      ],
    },
    {
      path: "/",
      errorElement: <RouteError />,
      element: <RequireAuth>{onDemand(ShellLayout)}</RequireAuth>,
      children: [
        { index: true, element: onDemand(RootRoute) },
        ...ROUTES.map((r) => ({ path: r.path.replace(/^\//, ""), element: <RoutePage route={r} /> })),
        { path: "*", id: NOT_FOUND_ROUTE_ID, element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes(), { basename: BASENAME });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
