import path from "node:path";
import HtmlWebpackPlugin from "html-webpack-plugin";
import type { Configuration } from "webpack";
import webpack from "webpack";
import type { Configuration as DevServerConfiguration } from "webpack-dev-server";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8000";

export default (_env: unknown, argv: { mode?: string }): Configuration & { devServer?: DevServerConfiguration } => {
  const mode = argv.mode === "development" ? "development" : "production";
  return {
    mode,
    entry: "./src/index.tsx",
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
      new HtmlWebpackPlugin({ template: "public/index.html", favicon: "public/favicon.svg" }),
      new webpack.DefinePlugin({
        "process.env.NODE_ENV": JSON.stringify(mode),
        "process.env.XSTATE_INSPECT": JSON.stringify(process.env.XSTATE_INSPECT ?? ""),
      }),
    ],
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: { index: "/app/index.html" },
      proxy: [{ context: ["/api"], target: apiTarget }],
    },
  };
};
