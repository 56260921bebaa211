// A deep copy of plain JSON data (states, drafts, answers): the one `clone` every
// page uses. JSON round-trip on purpose: what is copied is exactly what would be
// saved or sent (no Dates, no undefined), so a copy never holds more than the server sees.
"use strict";

export const clone = (value) => JSON.parse(JSON.stringify(value));
