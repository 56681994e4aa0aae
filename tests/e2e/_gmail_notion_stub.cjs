// Loaded with NODE_OPTIONS=--require by the e2e tests that run the real Gmail and Notion MCP
// servers (@gongrzhe/server-gmail-autoauth-mcp, @notionhq/notion-mcp-server). Their client
// libraries (googleapis through gaxios and node-fetch 2; axios through follow-redirects)
// send through node's https module, and a few calls use globalThis.fetch. This redirects
// Google's and Notion's API hosts to the local stub named in CORDON_E2E_GN_STUB
// (http://127.0.0.1:PORT), under /<host>, and refuses every other HTTPS host: the stub
// records the method, path and body the platform itself would have received. The servers'
// own code is unchanged; only their network is redirected.
"use strict";
const http = require("http");
const https = require("https");
const { urlToHttpOptions } = require("url");

const stub = process.env.CORDON_E2E_GN_STUB;
const HOSTS = new Set([
  "gmail.googleapis.com",
  "oauth2.googleapis.com",
  "www.googleapis.com",
  "api.notion.com",
]);

function target(host) {
  if (!HOSTS.has(host)) throw new Error(`the e2e stub refuses a request to ${host}`);
  return new URL(stub);
}

function redirected(args) {
  let opts = {};
  let cb;
  for (const a of args) {
    if (typeof a === "function") cb = a;
    else if (typeof a === "string" || a instanceof URL) opts = { ...urlToHttpOptions(new URL(a)), ...opts };
    else if (a && typeof a === "object") opts = { ...opts, ...a };
  }
  const host = (opts.hostname || opts.host || "").replace(/:\d+$/, "");
  const to = target(host);
  const out = { ...opts, protocol: "http:", hostname: to.hostname, port: to.port };
  delete out.host;
  delete out.agent;
  delete out.servername;
  delete out.href;
  delete out.origin;
  out.path = `/${host}${opts.path || "/"}`;
  out.headers = { ...(opts.headers || {}) };
  return cb ? http.request(out, cb) : http.request(out);
}

if (stub) {
  https.request = function request(...args) {
    return redirected(args);
  };
  https.get = function get(...args) {
    const req = redirected(args);
    req.end();
    return req;
  };
  const realFetch = globalThis.fetch;
  if (realFetch) {
    globalThis.fetch = function redirectedFetch(input, init) {
      const raw = typeof input === "string" || input instanceof URL ? String(input) : input.url;
      const url = new URL(raw);
      if (url.protocol !== "https:") return realFetch(input, init);
      const to = target(url.hostname);
      const dest = `${to.origin}/${url.hostname}${url.pathname}${url.search}`;
      if (typeof input === "string" || input instanceof URL) return realFetch(dest, init);
      return realFetch(new Request(dest, input), init);
    };
  }
}
