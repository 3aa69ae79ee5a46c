// The render-blocking boot script: a classic `<script src>` in <head> (no
// inline script: the CSP forbids them), built by the `murmurBoot` plugin
// (web/build/prerender.ts). It runs the start-up's first phase before the
// prerendered page paints (app/startup/paint.ts): a tap on the page before
// the app hydrates is held, not lost.
import { holdEarlyTaps, loadModulesAfterPaint, paintForVisitor } from './app/startup/paint';

holdEarlyTaps();
void loadModulesAfterPaint(paintForVisitor());
