// HTTP calls to the game server (docs/server.md), with exact big integers.

import { parseJSON } from "./json.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", String(err));
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? parseJSON(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || "http", error.message || text);
  }
  return data;
}

let configPromise = null;

export function getConfig() {
  if (!configPromise) {
    configPromise = call("GET", "api/config").catch((err) => {
      configPromise = null;
      throw err;
    });
  }
  return configPromise;
}

export const api = {
  config: getConfig,
  tables: (status = "open") => call("GET", `/api/tables?status=${encodeURIComponent(status)}`),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/api/tables", body),
  join: (id, body) => call("POST", `/api/tables/${encodeURIComponent(id)}/join`, body),
  replace: (id, seat, body) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/replace`, body),
  close: (id, body) => call("POST", `/api/tables/${encodeURIComponent(id)}/close`, body),
  replay: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay`),
};

export function gameInfo(config, name) {
  return (config.games || []).find((g) => g.name === name) || null;
}
