// Sending a photo with upload progress (XMLHttpRequest: fetch cannot report
// upload progress), and what a person should do about each error answer.
// Used by the upload page (upload.js) and the catalog photo page (cards.js).
"use strict";

/**
 * POST `form` (FormData) to `url`. onProgress(share 0..1) while the bytes go up,
 * onSent() once they are all sent (the server is then reading the photo).
 * Resolves {ok, status, data}; never rejects (status 0: no connection).
 */
export function sendPhoto(url, form, { onProgress, onSent } = {}) {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-CSRF-Token", Companion.csrf());
    xhr.timeout = 180000;
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total) onProgress?.(event.loaded / event.total);
    });
    xhr.upload.addEventListener("load", () => onSent?.());
    xhr.addEventListener("load", () => {
      let data;
      try { data = JSON.parse(xhr.responseText); } catch (err) { data = { error: `unexpected answer from the server (${xhr.status})` }; }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, data });
    });
    const lost = (why) => () => resolve({ ok: false, status: 0, data: { error: why } });
    xhr.addEventListener("error", lost("no connection to the app"));
    xhr.addEventListener("timeout", lost("the app took too long to answer"));
    xhr.send(form);
  });
}

/** What to do next, by status (the server's own message says what went wrong). */
export function whatToDo(status) {
  if (status === 0) return "Check the phone's Wi-Fi, then try again with the same photo.";
  if (status === 401 || status === 404) return "This phone is not in the group (any more): open the group's link or scan its QR code again, then come back.";
  if (status === 403) return "Reload this page, then try again.";
  if (status === 413) return "Send a smaller photo: most phone cameras can be set to a lower resolution, or take a screenshot of the photo.";
  if (status === 415) return "Send a JPEG or PNG photo taken with the camera.";
  if (status === 429) return "Too many tries in a short time: wait a few minutes, then try again.";
  if (status === 501) return "Enter the score by hand on the score page instead.";
  if (status === 503) return "Many photos are being read right now: wait a minute, then try again with the same photo (or enter the score by hand).";
  if (status === 507) return "Open the group's photos (from the group page), delete old ones, then try again with this photo.";
  if (status >= 500) return "Something went wrong on our side. Try again; if it keeps happening, enter the score by hand.";
  return "Take the photo again as the message says, or try again with this one.";
}
