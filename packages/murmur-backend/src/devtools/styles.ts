// The panel's own styles, inside its shadow root: nothing of the app's
// reaches them, and nothing here reaches the app.

export const PANEL_CSS = `
:host { all: initial; }
.dock {
  position: fixed; right: 12px; bottom: 12px; z-index: 2147483000;
  display: flex; flex-direction: column; align-items: flex-end; gap: 8px;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #e8eaf0;
}
button, input, select { font: inherit; color: inherit; }
.toggle {
  order: 2; border: 1px solid #4b5563; border-radius: 999px; padding: 6px 14px;
  background: #111827; color: #f9fafb; cursor: pointer; box-shadow: 0 2px 8px rgb(0 0 0 / 0.3);
}
.panel {
  order: 1; width: min(360px, calc(100vw - 24px)); max-height: min(60vh, 560px); overflow: auto;
  box-sizing: border-box; padding: 12px 14px; border: 1px solid #374151; border-radius: 12px;
  background: #111827; box-shadow: 0 8px 24px rgb(0 0 0 / 0.35);
}
.panel[hidden] { display: none; }
h2 { margin: 0 0 10px; font-size: 14px; font-weight: 650; color: #f9fafb; }
.group, .row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 0 0 10px; }
fieldset { margin: 0 0 10px; padding: 8px 10px 0; border: 1px solid #374151; border-radius: 8px; }
legend { padding: 0 4px; color: #d1d5db; }
input[type=number] { width: 80px; }
input[type=text] { flex: 1; min-width: 150px; }
input[type=number], input[type=text], select {
  box-sizing: border-box; padding: 5px 8px; border: 1px solid #6b7280; border-radius: 6px; background: #1f2937;
}
button, .file {
  padding: 5px 10px; border: 1px solid #6b7280; border-radius: 6px; background: #1f2937; cursor: pointer;
}
button:hover, .file:hover { background: #374151; }
.check { display: inline-flex; align-items: center; gap: 6px; margin-left: auto; }
input[type=checkbox] { width: 16px; height: 16px; accent-color: #60a5fa; }
:focus-visible, .file:focus-within { outline: 2px solid #93c5fd; outline-offset: 2px; }
#restore { position: absolute; width: 1px; height: 1px; opacity: 0; }
.link { padding: 0 4px; border: none; background: none; color: #93c5fd; text-decoration: underline; }
.status { margin: 0 0 8px; color: #a7f3d0; }
.status:empty { display: none; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: 12px; }
caption { text-align: left; padding: 4px 0; color: #d1d5db; }
th, td { padding: 3px 4px; border-top: 1px solid #374151; text-align: left; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
th { color: #d1d5db; font-weight: 600; }
th:nth-child(1) { width: 52px; } th:nth-child(3) { width: 48px; } th:nth-child(4) { width: 40px; } th:nth-child(5) { width: 66px; }
.num, th:nth-child(4) { text-align: right; }
.events th:nth-child(1) { width: 40px; text-align: right; } .events th:nth-child(2) { width: 130px; } .events th:nth-child(3) { width: auto; }
/* Above a phone layout's bottom navigation bar. */
@media (max-width: 720px) { .dock { bottom: 84px; } .panel { max-height: calc(100vh - 170px); } }
.ok { color: #86efac; }
.bad { color: #fca5a5; }
`;
