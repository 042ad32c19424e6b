// The add-in's JavaScript, once, outside Excel: loads the server's own custom-functions code
// (GET /xlwings/custom-functions-code) with stub Office globals, calls the functions the
// cases name through it over HTTP, and checks each value and each #VALUE! with its message.
//
//   node .ci/custom-functions.mjs http://127.0.0.1:PORT cases.json
//
// cases.json: {"calls": [{"name", "args", "expected"}], "refused": [{"name", "args",
// "message"}]}; .ci/custom_functions.py writes it from tests/excel_calls.py and starts the
// server. Exit code 1 on the first difference.
import vm from "node:vm";

const [url, casesPath] = process.argv.slice(2);
const cases = JSON.parse(await (await import("node:fs/promises")).readFile(casesPath, "utf8"));

class CustomFunctionsError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}
const registry = {};
Object.assign(globalThis, {
  window: { location: { origin: url } },
  config: {
    customFunctionsMaxRetries: 3,
    customFunctionsRetryCodes: [500, 502, 503, 504],
    requestTimeout: 30,
    onWasm: false,
  },
  Office: {
    onReady: (callback) => {
      if (callback) callback({});
      return Promise.resolve({});
    },
    context: { requirements: { isSetSupported: () => true } },
  },
  Excel: {
    RequestContext: class {
      workbook = { name: "Book1.xlsx", load() {} };
      async sync() {}
    },
  },
  CustomFunctions: {
    associate: (name, fn) => {
      registry[name] = fn;
    },
    Error: CustomFunctionsError,
    ErrorCode: { invalidValue: "#VALUE!" },
  },
  xlwings: { getCultureInfoName: async () => "en-US", getDateFormat: async () => "m/d/yyyy" },
  // What utils.js sets: a POST that throws {response} on an HTTP error status.
  xwRequest: {
    post: async (address, body, { headers }) => {
      const response = await fetch(address, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      });
      const text = await response.text();
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
      if (!response.ok) {
        throw { response: { status: response.status, statusText: response.statusText, data } };
      }
      return { data };
    },
  },
});

const code = await (await fetch(`${url}/xlwings/custom-functions-code`)).text();
vm.runInThisContext(code, { filename: "custom-functions-code.js" });

const range = (value) => (Array.isArray(value) ? (Array.isArray(value[0]) ? value : [value]) : [[value]]);
const call = (name, args) => registry[name](...args.map(range), { address: "Sheet1!B2" });
let failed = 0;
for (const { name, args, expected } of cases.calls) {
  const got = await call(name, args);
  const ok = JSON.stringify(got) === JSON.stringify(expected);
  console.log(`${ok ? "ok" : "FAIL"} ${name}(${JSON.stringify(args)}) = ${JSON.stringify(got)}`);
  failed += ok ? 0 : 1;
}
for (const { name, args, message } of cases.refused) {
  let shown = null;
  try {
    shown = await call(name, args);
  } catch (error) {
    shown = error instanceof CustomFunctionsError ? `${error.code} ${error.message}` : String(error);
  }
  const ok = shown === `#VALUE! ${message}`;
  console.log(`${ok ? "ok" : "FAIL"} ${name}(${JSON.stringify(args)}) shows ${shown}`);
  failed += ok ? 0 : 1;
}
process.exit(failed ? 1 : 0);
