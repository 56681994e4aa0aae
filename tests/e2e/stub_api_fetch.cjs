// Loaded with NODE_OPTIONS=--require by the e2e tests that run the real GitHub and Slack
// MCP servers (@modelcontextprotocol/server-github, server-slack): they call
// https://api.github.com and https://slack.com/api with hard-coded URLs. This wraps
// globalThis.fetch so that those origins go to the local stub API named in
// CORDON_E2E_STUB_API (http://127.0.0.1:PORT), under /github and /slack. The URL is parsed
// first, as fetch parses it (WHATWG URL: dot segments resolved, backslashes read as
// slashes, the fragment dropped), so the stub records the path GitHub or Slack would
// receive. The server's own code is unchanged; only its network is redirected.
"use strict";
const stub = process.env.CORDON_E2E_STUB_API;
const realFetch = globalThis.fetch;
if (stub && realFetch) {
  const routes = [
    ["https://api.github.com", "/github"],
    ["https://slack.com", "/slack"],
  ];
  globalThis.fetch = function redirectedFetch(input, init) {
    const raw = typeof input === "string" || input instanceof URL ? String(input) : input.url;
    const url = new URL(raw);
    for (const [origin, prefix] of routes) {
      if (url.origin === origin) {
        const target = stub + prefix + url.pathname + url.search;
        if (typeof input === "string" || input instanceof URL) {
          return realFetch(target, init);
        }
        return realFetch(new Request(target, input), init);
      }
    }
    throw new Error(`the e2e stub API refuses a request to ${url.origin}`);
  };
}
