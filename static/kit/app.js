// Shared helpers for every page: JSON calls that carry the CSRF token,
// a toast for messages, and drafts kept on the phone until saved.
"use strict";

const Companion = (() => {
  const csrf = () => document.querySelector('meta[name="csrf-token"]')?.content || "";

  /** fetch JSON; resolves {ok, status, data}; never throws on HTTP errors. */
  async function api(method, url, body) {
    const options = { method, headers: { "Accept": "application/json", "X-CSRF-Token": csrf() },
                      credentials: "same-origin" };
    if (body !== undefined) {
      if (body instanceof FormData) {
        options.body = body;
      } else {
        options.headers["Content-Type"] = "application/json";
        options.body = JSON.stringify(body);
      }
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch (err) {
      return { ok: false, status: 0, data: { error: "no connection: check the Wi-Fi and try again" } };
    }
    let data = null;
    if (response.status !== 204) {
      try { data = await response.json(); } catch (err) { data = { error: `unexpected answer (${response.status})` }; }
    }
    return { ok: response.ok, status: response.status, data };
  }

  let toastTimer = null;
  let lastTap = null;
  document.addEventListener("pointerdown", (event) => { lastTap = { y: event.clientY, at: Date.now() }; },
                            { capture: true, passive: true });
  /** A short message at the bottom of the screen, with an optional action (e.g. Undo). */
  function toast(message, action) {
    const el = document.getElementById("toast");
    if (!el) return;
    el.replaceChildren();
    const text = document.createElement("span");
    text.textContent = message;
    el.append(text);
    if (action) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.label;
      button.addEventListener("click", () => { el.hidden = true; action.run(); });
      el.append(button);
    }
    // Never over the button it talks about: after a tap low on the screen (or with the
    // focus there) the toast shows at the top instead.
    const near = document.activeElement?.getBoundingClientRect?.();
    const low = window.innerHeight - 140;
    const tappedLow = lastTap && Date.now() - lastTap.at < 5000 && lastTap.y > low;
    el.classList.toggle("toast-top", !!tappedLow || (!!near && near.height > 0 && near.bottom > low));
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { el.hidden = true; }, action ? 8000 : 3500);
  }

  /** Drafts: a half-entered game survives a reload until it is saved. */
  const drafts = {
    load(key) { try { return JSON.parse(localStorage.getItem(`draft:${key}`)); } catch (e) { return null; } },
    save(key, value) { try { localStorage.setItem(`draft:${key}`, JSON.stringify(value)); } catch (e) { /* full */ } },
    clear(key) { localStorage.removeItem(`draft:${key}`); },
  };

  /** Element builder that only ever sets text (never HTML), so names stay text. */
  function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "dataset") Object.assign(el.dataset, v);
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    const x = [...b].map((v) => v.toString(16).padStart(2, "0")).join("");
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  }

  /** Every game fact (names, editions, limits, palette, words): the game registry
   * (companion/games/registry.py) as base.html writes it. Scripts never repeat one. */
  const facts = (() => {
    try { return JSON.parse(document.getElementById("game-facts").textContent); } catch (e) { return { games: {}, limits: {}, path_words: {}, win_lose: [] }; }
  })();
  const limits = facts.limits;

  // The card colours' classes (.c-red ...) from the registry's palette; CSSOM, so the
  // page's CSP (style-src 'self') allows it.
  try {
    const colors = facts.games["canal-houses"]?.colors || {};
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(Object.entries(colors).map(([name, hex]) => `.c-${name} { --c: ${hex}; }`).join("\n"));
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch (e) { /* an old browser draws cards without their colour */ }

  /** Dates in the phone's own language and time zone: every <time datetime data-local>
   * ("date" or "datetime") under `root` is rewritten with Intl. */
  function localTimes(root = document) {
    const styles = { date: { dateStyle: "medium" }, datetime: { dateStyle: "medium", timeStyle: "short" } };
    for (const el of root.querySelectorAll("time[data-local]")) {
      const d = new Date(el.getAttribute("datetime"));
      if (Number.isNaN(d.getTime())) continue;
      try { el.textContent = new Intl.DateTimeFormat(undefined, styles[el.dataset.local] || styles.date).format(d); }
      catch (e) { el.textContent = d.toLocaleString(); }
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => localTimes());
  else localTimes();


  /** Saves made while the phone is offline wait here (localStorage) and are sent
   *  again, with the same client id (and the version the edit started from), when
   *  the connection returns: on "online", on every page load, and every 20 s.
   *  An item: {id, method, url, body, draftKey, label, pageUrl}. */
  const outbox = (() => {
    const KEY = "outbox";
    const listeners = new Set();
    let sending = null;
    let timer = null;
    const read = () => { try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; } };
    const write = (items) => {
      try { localStorage.setItem(KEY, JSON.stringify(items)); } catch (e) { /* full: the draft is still kept */ }
      document.documentElement.dataset.outbox = String(items.length);
    };
    function add(item) {
      write([...read().filter((x) => x.id !== item.id), { ...item, queued: new Date().toISOString() }]);
      schedule();
    }
    function schedule() {
      if (!timer && read().length) timer = setInterval(flush, 20000);
      if (timer && !read().length) { clearInterval(timer); timer = null; }
    }
    async function sendAll() {
      for (const item of read()) {
        const answer = await api(item.method, item.url, item.body);
        if (answer.status === 0 || answer.status >= 500) break; // still offline, or the server is in trouble: keep it
        write(read().filter((x) => x.id !== item.id));
        if (answer.ok && item.draftKey) drafts.clear(item.draftKey);
        let handled = false;
        listeners.forEach((fn) => { if (fn(item, answer)) handled = true; });
        if (!handled && answer.ok) toast(`${item.label || "Your save"}: sent and saved.`);
        if (!handled && !answer.ok) {
          const why = answer.status === 409 ? "it was changed on another phone; open it to choose"
            : (answer.data?.error || `refused (${answer.status})`);
          toast(`${item.label || "Your save"} was not sent: ${why}. Your entry is kept on this phone.`,
            item.pageUrl ? { label: "Open", run: () => location.assign(item.pageUrl) } : undefined);
        }
      }
    }
    async function flush() {
      if (!sending) sending = sendAll().finally(() => { sending = null; schedule(); });
      return sending;
    }
    window.addEventListener("online", flush);
    document.addEventListener("DOMContentLoaded", () => { write(read()); if (read().length) flush(); });
    return { add, flush, items: read, onSent: (fn) => { listeners.add(fn); return () => listeners.delete(fn); } };
  })();

  if ("serviceWorker" in navigator && document.querySelector('link[rel="manifest"]')) {
    // Installable app: pages and static files work offline (never API answers).
    window.addEventListener("load", () => navigator.serviceWorker.register("/sw.js").catch(() => {}));
  }

  return { api, toast, drafts, h, uuid, csrf, facts, limits, localTimes, outbox };
})();
