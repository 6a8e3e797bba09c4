import fs from "node:fs";
import path from "node:path";
import HtmlWebpackPlugin from "html-webpack-plugin";
import MinimizerPlugin from "minimizer-webpack-plugin";
import type { Configuration } from "webpack";
import webpack from "webpack";
import type { Configuration as DevServerConfiguration } from "webpack-dev-server";
import { GenerateSW } from "workbox-webpack-plugin";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8000";

/**
 * Production minification and compression, both through webpack's own minimizer plugin
 * (minimizer-webpack-plugin, pinned in devDependencies):
 * - JavaScript is minified by swc (@swc/core, already the loader) rather than terser: the same
 *   bundle within a few percent, in a fraction of the time (README, «Prestazioni»);
 * - every text asset gets a brotli (best quality) and a gzip (best level) copy beside it,
 *   `x.js.br` and `x.js.gz`, which server/plugins/web.ts sends with `Content-Encoding`.
 */
function productionMinimizers() {
  const compressed = (algorithm: "gzip" | "brotliCompress", ext: string) => ({
    implementation: MinimizerPlugin.compress,
    options: { algorithm },
    type: "asset" as const,
    filename: `[path][base].${ext}`,
    threshold: 1024,
    minRatio: 0.9,
  });
  return [
    new MinimizerPlugin({ test: /\.js$/i, minify: { implementation: MinimizerPlugin.swcMinify, options: {} } }),
    new MinimizerPlugin({
      test: /\.(js|html|svg|txt)$/i,
      minify: [],
      generate: { brotli: compressed("brotliCompress", "br"), gzip: compressed("gzip", "gz") },
    }),
  ];
}

/**
 * The field app (src/campo, issue 33) is a second entry of this build, served under /app/campo/:
 * its own page, its web manifest and icons (public/campo/, copied as they are) and a service
 * worker (workbox's GenerateSW) that precaches exactly the app's shell — the campo chunks, its
 * page, manifest and icons, never a back-office file nor the .br/.gz copies — so the app opens with
 * no network after the first visit. The back office's page and chunks are untouched.
 */
const CAMPO_PUBLIC = path.resolve(__dirname, "public/campo");
const CAMPO_STATIC = ["manifest.webmanifest", "icon-192.png", "icon-512.png", "icon.svg"];

class CampoStaticFiles {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap("CampoStaticFiles", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "CampoStaticFiles", stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of CAMPO_STATIC) {
            const full = path.join(CAMPO_PUBLIC, file);
            compilation.fileDependencies.add(full);
            compilation.emitAsset(`campo/${file}`, new webpack.sources.RawSource(fs.readFileSync(full)));
          }
        },
      );
    });
  }
}

function campoServiceWorker() {
  return new GenerateSW({
    swDest: "campo/sw.js",
    inlineWorkboxRuntime: true,
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    include: [
      ({ asset, compilation }: { asset: { name: string }; compilation: webpack.Compilation }) => {
        if (/\.(br|gz)$/.test(asset.name)) return false;
        if (asset.name.startsWith("campo/")) return true;
        const group = compilation.namedChunkGroups.get("campo");
        return Boolean(group?.chunks.some((chunk) => chunk.files.has(asset.name)));
      },
    ],
    navigateFallback: "/app/campo/index.html",
    navigateFallbackAllowlist: [/^\/app\/campo(\/|$)/],
    // The API is never cached: what the app must keep offline is in its outbox (IndexedDB).
    runtimeCaching: [],
  });
}

export default (_env: unknown, argv: { mode?: string }): Configuration & { devServer?: DevServerConfiguration } => {
  const mode = argv.mode === "development" ? "development" : "production";
  return {
    mode,
    entry: { main: "./src/index.tsx", campo: "./src/campo/index.tsx" },
    output: {
      path: path.resolve(__dirname, "dist/web"),
      publicPath: "/app/",
      filename: mode === "production" ? "assets/[name].[contenthash:8].js" : "assets/[name].js",
      chunkFilename: mode === "production" ? "assets/[name].[contenthash:8].js" : "assets/[name].js",
      clean: true,
    },
    // No source maps in the production build: they would publish the whole source under /app/assets/.
    devtool: mode === "production" ? false : "eval-cheap-module-source-map",
    resolve: { extensions: [".tsx", ".ts", ".js", ".mjs"] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: "swc-loader",
            options: {
              jsc: {
                parser: { syntax: "typescript", tsx: true },
                transform: { react: { runtime: "automatic", development: mode === "development" } },
                target: "es2022",
              },
            },
          },
        },
        { test: /\.css$/, use: ["style-loader", "css-loader"] },
      ],
    },
    plugins: [
      // Chakra's theme takes its recipe lists from src/lib/theme-recipes.ts (the recipes the app
      // uses) instead of the 76 it ships.
      new webpack.NormalModuleReplacementPlugin(/^\.\/(slot-)?recipes\.js$/, (resource) => {
        if (/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme$/.test(resource.context)) {
          resource.request = path.resolve(__dirname, "src/lib/theme-recipes.ts");
        }
      }),
      new HtmlWebpackPlugin({ template: "public/index.html", favicon: "public/favicon.svg", chunks: ["main"] }),
      new HtmlWebpackPlugin({ template: "public/campo/index.html", filename: "campo/index.html", chunks: ["campo"] }),
      new CampoStaticFiles(),
      ...(mode === "production" ? [campoServiceWorker()] : []),
      new webpack.DefinePlugin({
        "process.env.NODE_ENV": JSON.stringify(mode),
        "process.env.XSTATE_INSPECT": JSON.stringify(process.env.XSTATE_INSPECT ?? ""),
      }),
    ],
    optimization: mode === "production" ? { minimizer: productionMinimizers() } : {},
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: {
        index: "/app/index.html",
        rewrites: [{ from: /^\/app\/campo/, to: "/app/campo/index.html" }],
      },
      proxy: [{ context: ["/api"], target: apiTarget }],
    },
  };
};
