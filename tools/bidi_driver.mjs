/* Firefox over WebDriver BiDi for tests/browser/test_firefox_smoke.py (puppeteer-core: it never
 * downloads a browser; no geckodriver needed).
 *
 *   node tests/browser/bidi_driver.mjs FIREFOX_EXECUTABLE
 *
 * Launches that Firefox headless on a new empty profile with one page, then answers commands,
 * one JSON object a line on stdin, with one JSON line on stdout each:
 *   {"op": "goto", "url": U} | {"op": "reload"} | {"op": "eval", "js": EXPRESSION}
 *   {"op": "click", "x": X, "y": Y} | {"op": "type", "text": T} | {"op": "screenshot", "path": P}
 *   {"op": "log"} | {"op": "close"}
 * answered {"value": ...} or {"error": message}. "eval" awaits a promise; "log" returns (and
 * empties) what the page printed as console errors and warnings and its uncaught errors. */
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const executablePath = process.argv[2];
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  defaultViewport: { width: 1366, height: 768 },
});
const page = (await browser.pages())[0] ?? (await browser.newPage());
const log = [];
page.on("console", (message) => {
  const type = message.type();
  if (type === "error" || type === "warn" || type === "warning") {
    log.push(`${type}: ${message.text()}`);
  }
});
page.on("pageerror", (error) => log.push(`pageerror: ${error.message ?? error}`));

const answer = (object) => process.stdout.write(JSON.stringify(object) + "\n");
answer({ value: await browser.version() });

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  try {
    let value = null;
    switch (command.op) {
      case "goto":
        await page.goto(command.url, { waitUntil: "load", timeout: 120000 });
        break;
      case "reload":
        await page.reload({ waitUntil: "load", timeout: 120000 });
        break;
      case "eval":
        value = await page.evaluate(command.js);
        break;
      case "click":
        await page.mouse.click(command.x, command.y);
        break;
      case "type":
        await page.keyboard.type(command.text);
        break;
      case "screenshot":
        await page.screenshot({ path: command.path });
        break;
      case "log":
        value = log.splice(0);
        break;
      case "close":
        await browser.close();
        answer({ value: null });
        process.exit(0);
        break;
      default:
        throw new Error(`unknown command ${command.op}`);
    }
    answer({ value: value === undefined ? null : value });
  } catch (error) {
    answer({ error: String((error && error.stack) || error) });
  }
}
await browser.close();
