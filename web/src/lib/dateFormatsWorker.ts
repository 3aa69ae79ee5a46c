// A worker of its own thread that makes the app's first date formatters, so
// that the locale's data loads off the page's main thread (see
// prepareDateFormats in lib/dateFormats.ts); it says so, and the page ends it.
import { DATE_FORMATS } from './time';

const now = new Date();
for (const options of Object.values(DATE_FORMATS)) new Intl.DateTimeFormat('en-US', options).format(now);
postMessage('ready');
