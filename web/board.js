// The live board: draws the game from its position (SVG), follows it by Server-Sent Events, and lets a player with
// a signed link play. Names are always written as text, never as markup.
const body = document.body;
const id = body.dataset.game;
const lang = body.dataset.lang;
const T = JSON.parse(body.dataset.texts);
const SVG = "http://www.w3.org/2000/svg";
const key = `tabula-token-${id}`;
// The token rides in the fragment (never sent to a server); it is kept for this tab and taken off the address bar.
const fromHash = new URLSearchParams(location.hash.slice(1)).get("t");
if (fromHash) {
  sessionStorage.setItem(key, fromHash);
  history.replaceState(null, "", location.pathname + location.search);
}
const token = sessionStorage.getItem(key);
const $ = (sel) => document.querySelector(sel);
let view = null;
let chosen = null; // the first cell (or Tantrix tile) picked
let tantrix = { tile: null, cell: null, index: 0 };
let frame = null; // the replay's position, when stepping through a finished game

function el(name, attrs = {}, text) {
  const node = name.startsWith("svg:") ? document.createElementNS(SVG, name.slice(4)) : document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function say(text) { $("#message").textContent = text; }

async function load() {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(`/api/g/${id}?lang=${lang}`, { headers });
  if (response.status === 401) { say(T["web-refused"]); return; }
  if (!response.ok) return;
  view = await response.json();
  faces = new Map((view.faces || "").split(" ").filter(Boolean).map((w) => w.split(":")));
  loadedAt = Date.now();
  chosen = null;
  tantrix = { tile: null, cell: null, index: 0 };
  if (view.state !== "over") frame = null;
  show();
}

async function act(action, move = "") {
  const response = await fetch(`/api/g/${id}/act?lang=${lang}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ action, move }),
  });
  if (response.status === 401) { say(T["web-refused"]); return; }
  const answer = await response.json();
  say(answer.text);
  await load();
}

// Cells of a move's notation (`e8-d8`, `C3xD4`), lower-cased; Tantrix moves are `tile@q,r:rotation`.
const cellsOf = (move) => (move.match(/[a-z]\d+/gi) || []).map((c) => c.toLowerCase());
const tantrixOf = (move) => {
  const m = move.match(/^(\d+)@(-?\d+),(-?\d+):(\d)$/);
  return m && { tile: m[1], cell: `${m[2]},${m[3]}`, rotation: Number(m[4]) };
};

// Each game's position, read from its text board, as cells to draw: {name, x, y, shape, piece, label}.
function readBoard(game, text) {
  const cells = [];
  const lines = text.split("\n");
  if (game === "tablut") {
    const ranks = lines.filter((l) => /^\s*\d+\s/.test(l));
    const size = ranks.length;
    ranks.forEach((line, row) => {
      const [rank, ...marks] = line.trim().split(/\s+/);
      marks.forEach((mark, file) => {
        const name = String.fromCharCode(97 + file) + rank;
        cells.push({ name, x: file, y: row, shape: "square", mark, size });
      });
    });
  } else if (game === "tzaar") {
    const columns = new Map();
    lines.forEach((line, index) => {
      if (/^A\s+B/.test(line)) return;
      for (const m of line.matchAll(/\S+/g)) {
        if (m.index % 4 !== 0) continue;
        const x = m.index / 4;
        const v = 12 - index;
        if (v < -4) continue;
        if (!columns.has(x)) columns.set(x, []);
        columns.get(x).push({ x, v, mark: m[0] });
      }
    });
    for (const [x, points] of columns) {
      points.sort((a, b) => a.v - b.v);
      let row = 0;
      for (const p of points) {
        if (p.mark === "o") continue;
        row += 1;
        const name = (String.fromCharCode(97 + x) + row).toLowerCase();
        cells.push({ name, x: x * 0.866, y: (12 - p.v) / 2, shape: "point", mark: p.mark });
      }
    }
  } else {
    const placed = (lines[0] || "").split(":").slice(1).join(":").trim();
    for (const p of placed.split(/\s+/)) {
      const t = tantrixOf(p);
      if (t) cells.push({ name: t.cell, ...axial(t.cell), shape: "hex", mark: `${t.tile}`, rotation: t.rotation });
    }
  }
  return cells;
}

function axial(cell) {
  const [q, r] = cell.split(",").map(Number);
  return { x: 1.5 * q, y: Math.sqrt(3) * (r + q / 2), q, r };
}

function hexPoints(cx, cy, s) {
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 3) * i;
    return `${cx + s * Math.cos(a)},${cy + s * Math.sin(a)}`;
  }).join(" ");
}

function draw(text) {
  const game = view.game;
  const cells = readBoard(game, text);
  const legal = frame === null ? view.legal : [];
  const last = frame === null ? view.moves[view.moves.length - 1] || "" : view.moves[frame - 1] || "";
  const lastCells = game === "tantrix" ? [tantrixOf(last)?.cell] : cellsOf(last);
  // Tantrix: the empty cells where the chosen tile may go are drawn too.
  const extra = [];
  if (game === "tantrix") {
    for (const m of legal) {
      const t = tantrixOf(m);
      if (t && (!tantrix.tile || t.tile === tantrix.tile) && !cells.some((c) => c.name === t.cell) &&
          !extra.some((c) => c.name === t.cell)) {
        extra.push({ name: t.cell, ...axial(t.cell), shape: "hex", mark: "", empty: true });
      }
    }
  }
  // The tile being placed, drawn where it would go, turned as it would be.
  const placing = game === "tantrix" && tantrix.tile && tantrix.cell ? tantrixOf(tantrixChoice() || "") : null;
  for (const c of extra) {
    if (placing && c.name === placing.cell) Object.assign(c, { mark: placing.tile, rotation: placing.rotation, empty: false, preview: true });
  }
  const all = cells.concat(extra);
  const unit = 40;
  const xs = all.map((c) => c.x * unit), ys = all.map((c) => c.y * unit);
  const pad = unit;
  const minX = Math.min(0, ...xs) - pad, minY = Math.min(0, ...ys) - pad;
  const w = Math.max(...xs, 0) - minX + pad, h = Math.max(...ys, 0) - minY + pad;
  const svg = el("svg:svg", { viewBox: `${minX} ${minY} ${w} ${h}`, "aria-hidden": "true" });
  const froms = new Set(legal.map((m) => cellsOf(m)[0]).filter(Boolean));
  const targets = new Set();
  if (game !== "tantrix" && chosen) {
    for (const m of legal) { const c = cellsOf(m); if (c[0] === chosen && c.length > 1) targets.add(c[c.length - 1]); }
  }
  if (game === "tantrix" && tantrix.tile) {
    for (const m of legal) { const t = tantrixOf(m); if (t && t.tile === tantrix.tile) targets.add(t.cell); }
  }
  for (const c of all) {
    const g = el("svg:g", { class: "cell", "data-cell": c.name });
    const cx = c.x * unit, cy = c.y * unit;
    let shape;
    if (c.shape === "square") {
      const fill = c.mark === "+" ? "#b58863" : c.mark === "#" ? "#d9b38c" : "#f0d9b5";
      shape = el("svg:rect", { x: cx - unit / 2, y: cy - unit / 2, width: unit, height: unit, fill, stroke: "#555" });
    } else if (c.shape === "point") {
      shape = el("svg:circle", { cx, cy, r: unit * 0.45, fill: "#e8d7b0", stroke: "#777" });
    } else {
      shape = el("svg:polygon", { points: hexPoints(cx, cy, unit * 0.95), fill: c.empty ? "none" : "#333",
        stroke: c.empty ? "#1a7f37" : "#999", "stroke-dasharray": c.empty ? "4 3" : "" });
    }
    if (lastCells.includes(c.name)) shape.classList.add("lastmove");
    if (targets.has(c.name)) shape.classList.add("target");
    if (chosen === c.name || tantrix.cell === c.name) shape.classList.add("chosen");
    g.append(shape);
    drawPiece(g, c, cx, cy, unit);
    // A legal destination is marked by a dot of its own too, so that it shows on the last move's square.
    if (targets.has(c.name)) g.append(el("svg:circle", { cx, cy, r: unit * 0.14, class: "target-dot" }));
    if (c.preview) shape.classList.add("chosen");
    if (froms.has(c.name) || targets.has(c.name)) {
      g.classList.add(froms.has(c.name) ? "movable" : "target");
      // Reachable by keyboard too: Tab to a cell, Enter or Space to pick it.
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", c.name);
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(c.name); }
      });
    }
    g.addEventListener("click", () => pick(c.name));
    svg.append(g);
  }
  for (const [x, y, label] of coordinates(game, cells)) {
    svg.append(el("svg:text", { x: x * unit, y: y * unit + 4, class: "coordinate", "text-anchor": "middle",
      "font-size": 12 }, label));
  }
  const board = $("#board");
  board.replaceChildren(svg);
  board.setAttribute("aria-label", `${view.title}: ${T["web-board-text"]}`);
  $("#alt").textContent = text;
}

// The coordinates the notation uses, around the board: Tablut's files below and ranks on the left, TZAAR's column
// letters below each column (its points count up from the bottom of their column). Tantrix has none to show.
function coordinates(game, cells) {
  const out = [];
  if (game === "tablut") {
    const size = cells.length ? cells[0].size : 0;
    for (const c of cells) {
      if (c.y === size - 1) out.push([c.x, size - 0.3, c.name[0]]);
      if (c.x === 0) out.push([-0.85, c.y, c.name.slice(1)]);
    }
  } else if (game === "tzaar") {
    const bottom = new Map();
    for (const c of cells) if (!bottom.has(c.x) || bottom.get(c.x) < c.y) bottom.set(c.x, c.y);
    for (const [x, y] of bottom) {
      const letter = cells.find((c) => c.x === x).name[0].toUpperCase();
      out.push([x, y + 0.8, letter]);
    }
  }
  return out;
}

function drawPiece(g, c, cx, cy, unit) {
  const m = c.mark;
  if (c.shape === "square") {
    if (m === "a" || m === "d" || m === "K") {
      g.append(el("svg:circle", { cx, cy, r: unit * 0.36, fill: m === "a" ? "#222" : "#fafafa", stroke: "#000" }));
      if (m === "K") g.append(el("svg:text", { x: cx, y: cy + 6, "text-anchor": "middle", "font-size": 18 }, "♚"));
    }
  } else if (c.shape === "point") {
    if (m !== "." && m !== "o") {
      const white = m[0] === m[0].toUpperCase();
      g.append(el("svg:circle", { cx, cy, r: unit * 0.4, fill: white ? "#fafafa" : "#222", stroke: "#000" }));
      g.append(el("svg:text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 14,
        fill: white ? "#000" : "#fff" }, m.toUpperCase()));
    }
  } else if (m) {
    drawTile(g, m, c.rotation, cx, cy, unit * 0.95);
  }
}

// Tantrix: the tiles' edge colours, unturned, from the view (`1:RYBYRB ...`).
let faces = new Map();
const BAND = { R: "#e0312b", B: "#2f6fe0", Y: "#f7d52a", G: "#26a046" };
const edgeDir = (e) => { const a = ((-90 + 60 * e) * Math.PI) / 180; return [Math.cos(a), Math.sin(a)]; };

// A tile turned `rot` steps clockwise, its three bands drawn as the pictures draw them: a sharp curve around a
// corner, a gentle one around the hex two edges away, or a straight.
function drawTile(g, tile, rot, cx, cy, s) {
  const face = faces.get(String(tile));
  if (!face) return;
  const edges = [0, 1, 2, 3, 4, 5].map((d) => face[(d - rot + 6) % 6]);
  const ap = (s * Math.sqrt(3)) / 2;
  const at = (e, d) => { const [x, y] = edgeDir(e); return [cx + x * d, cy + y * d]; };
  for (const colour of new Set(edges)) {
    const [a, b] = edges.map((c, i) => (c === colour ? i : -1)).filter((i) => i >= 0);
    const steps = b - a;
    const pa = at(a, ap), pb = at(b, ap);
    let d = `M${pa} L${pb}`;
    if (steps !== 3) {
      let centre, r;
      if (steps === 1 || steps === 5) {
        const ang = ((300 + 60 * (steps === 1 ? a : b)) * Math.PI) / 180;
        centre = [cx + s * Math.cos(ang), cy + s * Math.sin(ang)];
        r = s / 2;
      } else {
        centre = at(((steps === 2 ? a : b) + 1) % 6, 2 * ap);
        r = 1.5 * s;
      }
      const cross = (pa[0] - centre[0]) * (pb[1] - centre[1]) - (pa[1] - centre[1]) * (pb[0] - centre[0]);
      d = `M${pa} A${r} ${r} 0 0 ${cross > 0 ? 1 : 0} ${pb}`;
    }
    g.append(el("svg:path", { d, fill: "none", stroke: "#141414", "stroke-width": s * 0.32 }));
    g.append(el("svg:path", { d, fill: "none", stroke: BAND[colour], "stroke-width": s * 0.22 }));
  }
}

// A small picture of a tile, for the hand's buttons.
function tileIcon(tile) {
  const svg = el("svg:svg", { viewBox: "-22 -22 44 44", width: 44, height: 44, "aria-hidden": "true" });
  svg.append(el("svg:polygon", { points: hexPoints(0, 0, 20), fill: "#141414" }));
  drawTile(svg, tile, 0, 0, 0, 20);
  return svg;
}

function pick(name) {
  if (!view || frame !== null) return;
  if (view.game === "tantrix") {
    if (!tantrix.tile) return;
    // A second click on the tile turns it to its next legal rotation, in place.
    if (tantrix.cell === name) tantrix.index += 1;
    else if (tantrixOptions(name).length) { tantrix.cell = name; tantrix.index = 0; } else return;
    show();
    focusCell(name);
    return;
  }
  const matches = view.legal.filter((m) => { const c = cellsOf(m); return c[0] === chosen && c[c.length - 1] === name; });
  if (chosen && matches.length) { act("move", matches[0]); return; }
  chosen = view.legal.some((m) => cellsOf(m)[0] === name) ? name : null;
  show();
  focusCell(name);
}

// Tantrix: the legal placements of the chosen tile on `cell`, one per legal rotation.
function tantrixOptions(cell) {
  return view.legal.filter((m) => { const t = tantrixOf(m); return t && t.tile === tantrix.tile && t.cell === cell; });
}

function tantrixChoice() {
  const options = tantrixOptions(tantrix.cell);
  return options.length ? options[tantrix.index % options.length] : null;
}

function focusCell(name) {
  const cell = [...document.querySelectorAll("#board g[data-cell]")].find((g) => g.dataset.cell === name);
  if (cell && cell.focus) cell.focus();
}

function button(label, onClick) {
  const b = el("button", { type: "button" }, label);
  b.addEventListener("click", onClick);
  return b;
}

// Draw, takeback and resign ask once more before they act.
function confirmed(label, action) {
  return button(label, () => {
    const box = $("#controls");
    box.replaceChildren(el("span", {}, `${label}? `), button(T["web-confirm"], () => act(action)),
      button(T["web-cancel"], () => show()));
  });
}

function controls() {
  const box = $("#controls");
  box.replaceChildren();
  if (!token || view.you === null || view.state !== "playing" || frame !== null) return;
  if (view.legal.length) {
    box.append(el("strong", {}, T["web-your-turn"]), " ");
    if (view.prompt) box.append(el("span", {}, view.prompt), " ");
    if (view.game === "tantrix") {
      const tiles = [...new Set(view.legal.map((m) => tantrixOf(m)?.tile).filter(Boolean))];
      const hand = el("div", { class: "hand" });
      for (const tile of tiles) {
        const b = button(tile, () => { tantrix = { tile, cell: null, index: 0 }; show(); });
        b.classList.add("tile");
        b.prepend(tileIcon(tile));
        b.setAttribute("aria-pressed", String(tile === tantrix.tile));
        hand.append(b);
      }
      box.append(hand);
      const chosenMove = tantrix.tile && tantrix.cell ? tantrixChoice() : null;
      if (chosenMove) {
        const turns = tantrixOptions(tantrix.cell).length;
        box.append(el("span", { class: "placing" }, ` ${chosenMove} `));
        const rotate = button(`${T["web-rotate"]} (${turns})`, () => { tantrix.index += 1; show(); });
        rotate.disabled = turns < 2;
        box.append(rotate);
      }
    }
    if (view.legal.includes("pass")) box.append(button(T["web-pass"], () => act("move", "pass")));
    // Every legal move, by keyboard too; one Play button plays what is chosen (on the board or in the list).
    const select = el("select", { "aria-label": T["web-choose-move"] });
    for (const m of view.legal) select.append(el("option", { value: m }, m));
    const picked = view.game === "tantrix" && tantrix.tile && tantrix.cell ? tantrixChoice() : null;
    if (picked) select.value = picked;
    box.append(select, button(T["web-play"], () => act("move", select.value)));
  }
  box.append(el("br"));
  // Only the offers this game allows.
  if (view.draw) box.append(confirmed(T["web-draw"], "draw"));
  if (view.takeback) box.append(confirmed(T["web-takeback"], "takeback"));
  box.append(confirmed(T["web-resign"], "resign"));
}

function offer() {
  const box = $("#offer");
  box.replaceChildren();
  if (!view.offer || view.state !== "playing") return;
  box.append(el("span", {}, `${T[`web-offer-${view.offer.kind}`]}: ${view.offer.by} `));
  if (token && view.you !== null && !view.offer.mine) {
    box.append(button(T["web-accept"], () => act("accept")), button(T["web-decline"], () => act("decline")));
  } else if (view.offer.mine) {
    box.append(el("em", {}, T["web-waiting-answer"]));
  }
}

function replay() {
  const nav = $("#replay");
  if (view.state !== "over" || !view.frames.length) { nav.hidden = true; return; }
  nav.hidden = false;
  const go = (n) => { frame = Math.max(0, Math.min(view.frames.length - 1, n)); show(); };
  const at = frame === null ? view.frames.length - 1 : frame;
  nav.replaceChildren(button(T["web-first"], () => go(0)), button(T["web-previous"], () => go(at - 1)),
    el("span", {}, ` ${at}/${view.frames.length - 1} `), button(T["web-next"], () => go(at + 1)),
    button(T["web-last"], () => go(view.frames.length - 1)),
    el("a", { href: `/api/g/${id}/record`, download: `game-${id}.txt` }, T["web-record"]));
}

document.addEventListener("keydown", (e) => {
  if (!view || view.state !== "over" || !view.frames.length) return;
  const at = frame === null ? view.frames.length - 1 : frame;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: view.frames.length - 1 }[e.key];
  if (to === undefined) return;
  frame = Math.max(0, Math.min(view.frames.length - 1, to));
  show();
});

function clockText() {
  if (!view.deadline) return "";
  const left = Math.max(0, view.deadline - view.now - Math.floor((Date.now() - loadedAt) / 1000));
  const d = Math.floor(left / 86400), h = Math.floor((left % 86400) / 3600), m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const parts = d ? `${d} d ${h} h` : h ? `${h} h ${m} min` : `${m} min ${s} s`;
  return ` · ${T["web-time-left"]} ${parts}`;
}
let loadedAt = Date.now();

function show() {
  $("#status").textContent = view.status + clockText();
  const players = $("#players");
  players.replaceChildren(...view.players.map((p, seat) => {
    const li = el("li", {}, `${p.name} (${p.seat})${p.computer ? ` · ${T["web-computer"]}` : ""}${p.left ? ` · ${T["web-left"]}` : ""}`);
    if (p.to_move) li.classList.add("to-move");
    if (seat === view.you) li.append(" ★");
    return li;
  }));
  $("#moves-label").textContent = T["web-moves"];
  $("#alt-label").textContent = T["web-board-text"];
  const moves = $("#moves");
  const marked = frame === null ? view.moves.length - 1 : frame - 1;
  moves.replaceChildren(...view.moves.map((m, i) => {
    const li = el("li", {}, m);
    if (i === marked) { li.classList.add("last"); li.setAttribute("aria-current", "step"); }
    return li;
  }));
  draw(frame === null ? view.board : view.frames[frame]);
  controls();
  offer();
  replay();
}

setInterval(() => { if (view && view.deadline) $("#status").textContent = view.status + clockText(); }, 1000);
const events = new EventSource(`/api/g/${id}/events`);
// The stream names the game's version at once and at every change; the page reloads only for a new one, so a
// reconnect or the first event never throws away what the player has picked.
events.addEventListener("change", (e) => { if (!view || e.data !== view.version) load(); });
load();
