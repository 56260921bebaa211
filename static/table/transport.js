// How one phone hears the live table: events over server-sent events
// (EventSource resumes with Last-Event-ID); where streams break, polling
// `?after=N`. Every event is passed on once, by id and in order: on a gap (an
// id missing) the room is re-read instead and the missed events are fetched.
// The page says what an event or a re-read means (`onEvent`, `onRoom`); this
// module only says when.
"use strict";

/**
 * api: Companion.api; API: the room's API address; roomUrl: the room read for
 * this phone; root: the page element whose data-last-event tests and phones
 * read; epoch(): a number that changes while this phone claims a seat (a read
 * across it may not know the claim: it is read again); onRoom(room): a
 * re-read's answer; onEvent(event): the next event, in order.
 */
export function liveTable({ api, API, roomUrl, root, epoch, onRoom, onEvent }) {
  let lastId = 0;
  let fetching = false;
  let again = false;
  let source = null;
  let failures = 0;
  let pollTimer = null;

  const setLink = (text) => { document.getElementById("link-state").textContent = text; };

  /** Re-read the whole room: at the start, on a gap in the event ids, when the
   * page comes back into view, and when another phone may have taken our seat. */
  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    const asked = epoch();
    const answer = await api("GET", roomUrl);
    fetching = false;
    if (asked !== epoch()) {
      again = true; // read while this phone was claiming a seat: it may not know the claim yet
    } else if (answer.ok) {
      onRoom(answer.data);
    } else if (answer.status) {
      setLink(answer.data?.error || "Could not load the table");
    }
    if (again) { again = false; refresh(); }
  }

  async function catchUp() {
    const answer = await api("GET", `${API}/events?after=${lastId}`);
    if (answer.ok) answer.data.events.forEach(handle);
  }

  function handle(event) {
    if (!event || typeof event.id !== "number" || event.id <= lastId) return; // seen already
    if (event.id > lastId + 1) {
      // A gap: some event never reached us. Re-read the room; the log catches up.
      refresh();
      return;
    }
    lastId = event.id;
    root.dataset.lastEvent = String(lastId);
    onEvent(event);
  }

  function connect() {
    if (!window.EventSource || failures >= 4) { startPolling(); return; }
    source = new EventSource(`${API}/events?after=${lastId}`);
    source.onopen = () => { failures = 0; setLink(""); };
    source.onmessage = (message) => {
      try { handle(JSON.parse(message.data)); } catch (e) { /* a broken line: the next refresh mends it */ }
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        failures += 1;
        setLink("Reconnecting…");
        setTimeout(connect, 500 * failures);
      } else {
        setLink("Reconnecting…");
        // The browser retries by itself; catch up meanwhile.
        catchUp();
      }
    };
  }
  function startPolling() {
    // Where streams break (a proxy, a full server, an old browser): ask for
    // the events after the last one every 1.5 s, and try the stream again now and then.
    if (pollTimer) return;
    setLink("Live updates unavailable: checking every few seconds");
    let ticks = 0;
    pollTimer = setInterval(() => {
      catchUp();
      ticks += 1;
      if (ticks % 40 === 0 && window.EventSource) {
        clearInterval(pollTimer);
        pollTimer = null;
        failures = 3; // one more failure and we are back to polling
        connect();
      }
    }, 1500);
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") { catchUp(); refresh(); }
  });

  /** The events up to `id` are known (the first read): the stream starts after it. */
  function startAt(id) {
    lastId = id;
    root.dataset.lastEvent = String(lastId);
  }

  return { refresh, catchUp, handle, connect, setLink, startAt, lastId: () => lastId };
}
