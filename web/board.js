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
let chosen = null; // the cell a move starts from, once picked
let held = { number: null, cell: null, index: 0 }; // a tile picked from the hand, where it goes, which rotation
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
  loadedAt = Date.now();
  chosen = null;
  held = { number: null, cell: null, index: 0 };
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

// The engine sends each position as cells ({name, x, y, shape, ground, piece, open}) and each move as the cells it
// touches ({text, from, to, tile}): the page reads no notation and knows no game.
const placesTiles = () => view.legal.some((m) => m.tile);
const tileMoves = (number) => view.legal.filter((m) => m.tile && m.tile.number === number);

function hexPoints(cx, cy, s) {
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 3) * i;
    return `${cx + s * Math.cos(a)},${cy + s * Math.sin(a)}`;
  }).join(" ");
}

function draw(position, last) {
  const legal = frame === null ? view.legal : [];
  const lastCells = last ? [last.from, last.to].filter(Boolean) : [];
  const placing = held.number !== null && held.cell ? heldChoice() : null;
  // Open places are drawn only where a legal move goes (of the chosen tile, once one is chosen).
  const reachable = new Set(legal.filter((m) => held.number === null || (m.tile && m.tile.number === held.number))
    .map((m) => m.to));
  const all = position.cells.filter((c) => !c.open || reachable.has(c.name)).map((c) => ({ ...c }));
  for (const c of all) {
    if (placing && c.name === placing.to) Object.assign(c, { piece: { mark: "", tile: placing.tile }, preview: true });
  }
  const unit = 40;
  const xs = all.map((c) => c.x * unit), ys = all.map((c) => c.y * unit);
  const pad = unit;
  const minX = Math.min(0, ...xs) - pad, minY = Math.min(0, ...ys) - pad;
  const w = Math.max(...xs, 0) - minX + pad, h = Math.max(...ys, 0) - minY + pad;
  const svg = el("svg:svg", { viewBox: `${minX} ${minY} ${w} ${h}`, "aria-hidden": "true" });
  const froms = new Set(legal.map((m) => m.from).filter(Boolean));
  const targets = new Set();
  if (chosen) for (const m of legal) if (m.from === chosen && m.to) targets.add(m.to);
  if (held.number !== null) for (const m of tileMoves(held.number)) targets.add(m.to);
  for (const c of all) {
    const g = el("svg:g", { class: "cell", "data-cell": c.name });
    const cx = c.x * unit, cy = c.y * unit;
    let shape;
    if (c.shape === "square") {
      const fill = c.ground === "throne" ? "#b58863" : c.ground === "camp" ? "#d9b38c" : "#f0d9b5";
      shape = el("svg:rect", { x: cx - unit / 2, y: cy - unit / 2, width: unit, height: unit, fill, stroke: "#555" });
    } else if (c.shape === "point") {
      shape = el("svg:circle", { cx, cy, r: unit * 0.45, fill: "#e8d7b0", stroke: "#777" });
    } else {
      const empty = !c.piece;
      shape = el("svg:polygon", { points: hexPoints(cx, cy, unit * 0.95), fill: empty ? "transparent" : "#333",
        stroke: empty ? "#1a7f37" : "#999", "stroke-dasharray": empty ? "4 3" : "" });
    }
    if (lastCells.includes(c.name)) shape.classList.add("lastmove");
    if (targets.has(c.name)) shape.classList.add("target");
    if (chosen === c.name || held.cell === c.name) shape.classList.add("chosen");
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
  for (const l of position.labels) {
    svg.append(el("svg:text", { x: l.x * unit, y: l.y * unit + 4, class: "coordinate", "text-anchor": "middle",
      "font-size": 12 }, l.text));
  }
  const board = $("#board");
  board.replaceChildren(svg);
  board.setAttribute("aria-label", `${view.title}: ${T["web-board-text"]}`);
  $("#alt").textContent = view.text;
}

// A disc of its colour with its mark, or a tile with its lines.
function drawPiece(g, c, cx, cy, unit) {
  const p = c.piece;
  if (!p) return;
  if (p.tile) { drawTile(g, p.tile, cx, cy, unit * 0.95); return; }
  const white = p.colour === "white";
  const r = c.shape === "square" ? unit * 0.36 : unit * 0.4;
  g.append(el("svg:circle", { cx, cy, r, fill: white ? "#fafafa" : "#222", stroke: "#000" }));
  if (p.mark) {
    g.append(el("svg:text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": c.shape === "square" ? 18 : 14,
      fill: white ? "#000" : "#fff" }, p.mark));
  }
}

// Tiles: their bands' colours.
const BAND = { R: "#e0312b", B: "#2f6fe0", Y: "#f7d52a", G: "#26a046" };
const edgeDir = (e) => { const a = ((-90 + 60 * e) * Math.PI) / 180; return [Math.cos(a), Math.sin(a)]; };

// A tile ({number, rotation, edges}) turned `rotation` steps clockwise, its three bands drawn as the pictures draw
// them: a sharp curve around a corner, a gentle one around the hex two edges away, or a straight.
function drawTile(g, tile, cx, cy, s) {
  const edges = [0, 1, 2, 3, 4, 5].map((d) => tile.edges[(d - tile.rotation + 6) % 6]);
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

// A small picture of a tile, unturned, for the hand's buttons.
function tileIcon(tile) {
  const svg = el("svg:svg", { viewBox: "-22 -22 44 44", width: 44, height: 44, "aria-hidden": "true" });
  svg.append(el("svg:polygon", { points: hexPoints(0, 0, 20), fill: "#141414" }));
  drawTile(svg, { ...tile, rotation: 0 }, 0, 0, 20);
  return svg;
}

function pick(name) {
  if (!view || frame !== null) return;
  // A puzzle for one player: a tile down is picked up again by clicking it (then put down anew, anywhere).
  const down = view.lift && view.board.cells.find((c) => c.name === name && c.piece && c.piece.tile);
  if (down) { act("lift", String(down.piece.tile.number)); return; }
  if (placesTiles()) {
    if (held.number === null) return;
    // A second click on the tile turns it to its next legal rotation, in place.
    if (held.cell === name) held.index += 1;
    else if (tileOptions(name).length) { held.cell = name; held.index = 0; } else return;
    show();
    focusCell(name);
    return;
  }
  const matches = view.legal.filter((m) => m.from === chosen && m.to === name);
  if (chosen && matches.length) { act("move", matches[0].text); return; }
  chosen = view.legal.some((m) => m.from === name) ? name : null;
  show();
  focusCell(name);
}

// The legal placements of the held tile on `cell`, one per legal rotation.
function tileOptions(cell) {
  return tileMoves(held.number).filter((m) => m.to === cell);
}

function heldChoice() {
  const options = tileOptions(held.cell);
  return options.length ? options[held.index % options.length] : null;
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
    if (placesTiles()) {
      const tiles = [...new Map(view.legal.filter((m) => m.tile).map((m) => [m.tile.number, m.tile])).values()];
      const hand = el("div", { class: "hand" });
      for (const tile of tiles) {
        const b = button(String(tile.number), () => { held = { number: tile.number, cell: null, index: 0 }; show(); });
        b.classList.add("tile");
        b.prepend(tileIcon(tile));
        b.setAttribute("aria-pressed", String(tile.number === held.number));
        hand.append(b);
      }
      box.append(hand);
      const chosenMove = held.number !== null && held.cell ? heldChoice() : null;
      if (chosenMove) {
        const turns = tileOptions(held.cell).length;
        box.append(el("span", { class: "placing" }, ` ${chosenMove.text} `));
        const rotate = button(`${T["web-rotate"]} (${turns})`, () => { held.index += 1; show(); });
        rotate.disabled = turns < 2;
        box.append(rotate);
      }
    }
    // A move that touches no cell (a pass) is a button of its own.
    for (const m of view.legal.filter((m) => !m.from && !m.to && !m.tile)) {
      box.append(button(T["web-pass"], () => act("move", m.text)));
    }
    // Every legal move, by keyboard too; one Play button plays what is chosen (on the board or in the list).
    const select = el("select", { "aria-label": T["web-choose-move"] });
    for (const m of view.legal) select.append(el("option", { value: m.text }, m.text));
    const picked = held.number !== null && held.cell ? heldChoice() : null;
    if (picked) select.value = picked.text;
    box.append(select, button(T["web-play"], () => act("move", select.value)));
  }
  box.append(el("br"));
  // A puzzle for one player takes its last tile back at once; a game asks the opponent.
  if (view.puzzle) {
    if (view.takeback) box.append(button(T["web-take-back"], () => act("takeback")));
    if (view.give_up) box.append(confirmed(T["web-give-up"], "solution"));
    return;
  }
  // Only the offers this game allows.
  if (view.draw) box.append(confirmed(T["web-draw"], "draw"));
  if (view.takeback) box.append(confirmed(T["web-takeback"], "takeback"));
  box.append(confirmed(T["web-resign"], "resign"));
}

function offer() {
  const box = $("#offer");
  box.replaceChildren();
  if (!view.offer || view.state !== "playing") return;
  box.append(el("span", {}, `${T[`web-offer-${view.offer.kind}`]}: `), el("bdi", {}, view.offer.by), " ");
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
    el("a", { href: `/api/g/${id}/record`, download: `game-${view.id}.txt` }, T["web-record"]));
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
    // The name in a <bdi>: a right-to-left name keeps its own order, and the seat after it stays after it.
    const li = el("li", {}, "");
    li.append(el("bdi", { class: "name" }, p.name));
    li.append(` (${p.seat})${p.computer ? ` · ${T["web-computer"]}` : ""}${p.left ? ` · ${T["web-left"]}` : ""}`);
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
  if (frame === null) draw(view.board, view.last);
  else draw(view.frames[frame].board, view.frames[frame].last);
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
