// Canal Houses reading page, pieces of the drawing over the photo: where a card's
// label goes, and the card-shaped things the reader left out of the street
// (face-down discards and decks, anything it could not place), outlined apart
// from the street so a person sees every card found.
import * as P from "./common.js";

/** An SVG group with each left-out card's outline (its reason as a title) and a
 * "back" or "?" label, in the photo's pixels. */
export function othersLayer(others) {
  const shapes = [];
  const marks = [];
  others.forEach((c, i) => {
    const faceDown = c.kind === "face-down";
    const words = faceDown ? "Face-down card, left out of the street" : `Left out of the street: it ${c.reason}`;
    shapes.push(P.svg("polygon", { points: P.pointsAttr(c.outline), class: `ov-other ${faceDown ? "is-face-down" : "is-unplaced"}`,
      "data-testid": `ov-other-${i}` }, P.svg("title", {}, words)));
    const xs = c.outline.map((p) => p[0]);
    const ys = c.outline.map((p) => p[1]);
    const font = Math.max(8, Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * 0.22);
    marks.push(P.svg("text", { x: (xs.reduce((a, b) => a + b) / 4).toFixed(1), y: (ys.reduce((a, b) => a + b) / 4 + font * 0.35).toFixed(1),
      class: "ov-label ov-other-label", "font-size": font.toFixed(1), "text-anchor": "middle" }, faceDown ? "back" : "?"));
  });
  return P.svg("g", { class: "ov-others" }, ...shapes, ...marks);
}

/** Where a card's label and badges go: the middle of what shows of the card, with a
 * font size that fits it, right whichever way the photo was taken. */
export function labelSpot(outline) {
  const [tl, tr, br, bl] = outline;
  const width = (Math.hypot(tr[0] - tl[0], tr[1] - tl[1]) + Math.hypot(br[0] - bl[0], br[1] - bl[1])) / 2;
  const tall = (Math.hypot(bl[0] - tl[0], bl[1] - tl[1]) + Math.hypot(br[0] - tr[0], br[1] - tr[1])) / 2;
  return { font: Math.max(8, Math.min(width * 0.2, tall * 0.5)), cx: (tl[0] + tr[0] + br[0] + bl[0]) / 4, cy: (tl[1] + tr[1] + br[1] + bl[1]) / 4 };
}
