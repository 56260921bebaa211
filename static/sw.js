// Service worker: the app opens and its pages work without a connection.
// Static files and pages: network first, the last copy kept here when
// offline. NEVER cached: API answers (/api/...),
// anything keyed (a URL with key= or token=, join links, the QR code) and any
// answer marked no-store or private; only same-origin GETs are touched.
"use strict";

const VERSION = "cc-v1";
const STATIC = `${VERSION}-static`;
const PAGES = `${VERSION}-pages`;
const PRECACHE = ["/static/kit/app.css", "/static/kit/app.js", "/static/kit/match.js",
  "/static/icons/icon-192.png", "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => !k.startsWith(VERSION)).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

function keyed(url) {
  return url.pathname.startsWith("/api/") || url.searchParams.has("key") || url.searchParams.has("token")
    || /\/join(\/|$)/.test(url.pathname) || url.pathname.endsWith("/qr.svg") || url.pathname === "/sw.js"
    || /\/events$/.test(url.pathname);
}

function storable(response) {
  if (!response || !response.ok || response.type !== "basic" || response.redirected) return false;
  const cc = (response.headers.get("Cache-Control") || "").toLowerCase();
  return !cc.includes("no-store") && !cc.includes("private");
}

async function staticNetworkFirst(request) {
  // Static URLs carry no content hash, so the network wins whenever it answers
  // (new pages never run with old scripts); the cache is for when it does not.
  const cache = await caches.open(STATIC);
  try {
    const response = await fetch(request);
    if (storable(response)) cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}

async function pageNetworkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (storable(response)) cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(request);
    if (hit) return hit;
    return new Response("<!doctype html><meta name=viewport content='width=device-width'><title>Offline</title>"
      + "<body style='font-family:system-ui;padding:1.5rem'><h1>No connection</h1><p>This page was not opened on this "
      + "phone before, so it is not kept here. Saves you made are kept on this phone and sent when the "
      + "connection returns.</p></body>", { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || keyed(url)) return; // straight to the network
  if (url.pathname.startsWith("/static/") || url.pathname === "/manifest.webmanifest") {
    event.respondWith(staticNetworkFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(pageNetworkFirst(request));
  }
});
