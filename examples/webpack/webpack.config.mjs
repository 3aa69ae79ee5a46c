// webpack 5 over @murmur/backend. What the package needs is nothing special:
// - its code finds the core's .wasm with `new URL(..., import.meta.url)`,
//   which webpack 5 follows by itself (the file is emitted under assets/);
// - msw's worker (public/mockServiceWorker.js, written by `npx msw init
//   public --save`) must be served as it is from the site's root: copied;
// - the routes (/signin, /post/p-01) are the app's, so a reload of one needs
//   the host to answer it with index.html: the dev server's
//   historyApiFallback; the build also writes 404.html, which static hosts
//   such as GitHub Pages serve for a path they do not have.
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { fileURLToPath } from 'node:url';

export default {
  entry: './src/main.tsx',
  output: {
    path: fileURLToPath(new URL('dist/', import.meta.url)),
    // Absolute, so that a page at /post/p-01 loads /assets/..., not /post/assets/...
    publicPath: '/',
    filename: 'assets/[name].[contenthash].js',
    chunkFilename: 'assets/[name].[contenthash].js',
    assetModuleFilename: 'assets/[name].[contenthash][ext]',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.js'],
    // Optional: msw's cookie jar without tough-cookie's public-suffix list (a
    // smaller bundle: docs/options.md has the figure); the backend sets
    // no cookies.
    alias: { 'tough-cookie$': '@murmur/backend/cookie-jar' },
  },
  module: {
    // Types are checked by `tsc --noEmit` (npm run build); the loader only strips them.
    rules: [{ test: /\.tsx?$/, exclude: /node_modules/, loader: 'ts-loader', options: { transpileOnly: true } }],
  },
  plugins: [
    new HtmlWebpackPlugin({ template: 'src/index.html' }),
    new HtmlWebpackPlugin({ template: 'src/index.html', filename: '404.html' }),
    new CopyPlugin({ patterns: [{ from: 'public' }] }),
  ],
  // The runtime in a file of its own, so that a change to one chunk does not rewrite the others.
  optimization: { runtimeChunk: 'single' },
  // The main chunk (React, react-router, msw, the backend) and the core's wasm are both over webpack's
  // default hint (244 KiB): this app's budget is 600 KiB a file.
  performance: { maxAssetSize: 600 * 1024, maxEntrypointSize: 600 * 1024 },
  devServer: { host: '127.0.0.1', port: 8080, historyApiFallback: true, static: false },
};
