// The page's module entry: the app starts (app/startup).
import { start } from './app/startup';

void start();
