// The public page: draws the table's public state (/state, then each one /events sends).
// Text only (textContent), so nothing in a state is ever read as markup.
"use strict";

// The page's own words, in the box's language: given by the page (live_page.py).
const WORDS = JSON.parse(document.getElementById("words").textContent);

function word(name, values) {
  return WORDS[name].replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== "") node.textContent = text;
  return node;
}

function fill(id, children) {
  document.getElementById(id).replaceChildren(...children);
}

function say(id, text) {
  document.getElementById(id).textContent = text || "";
}

function seatCard(seat) {
  const card = el("article", "seat");
  if (!seat.playing) {
    card.classList.add("free");
    card.append(el("h3", "", word("free_seat", { number: seat.number })));
    return card;
  }
  for (const [flag, cls] of [["turn", "turn"], ["answers", "answers"], ["winner", "winner"]]) {
    if (seat[flag]) card.classList.add(cls);
  }
  if (!seat.alive) card.classList.add("out");
  card.dataset.seat = seat.number;
  const label = word("seat", { number: seat.number });
  card.append(el("h3", "", label + (seat.name ? " · " + seat.name : "")));
  const badges = el("p", "badges");
  const marks = [
    [seat.turn, "turn", word("turn", {})], [seat.sheriff, "sheriff", "★ " + word("sheriff", {})],
    [!seat.alive, "out", word("out", {})], [seat.winner, "wins", word("wins", {})],
    [seat.answers, "press", word("press", {})], [seat.bot, "bot", word("bot", {})],
  ];
  for (const [on, cls, text] of marks) if (on) badges.append(el("span", "badge " + cls, text));
  if (badges.childElementCount) card.append(badges);
  if (seat.max_life) {
    const life = el("p", "life");
    life.append(el("span", "figure", seat.life + "/" + seat.max_life));
    const bar = el("span", "bar");
    const full = el("span", "fill");
    full.style.width = Math.max(0, Math.min(100, (100 * seat.life) / seat.max_life)) + "%";
    bar.append(full);
    life.append(bar);
    card.append(life);
    card.append(el("p", "arrows", word("arrows", { count: seat.arrows })));
  }
  const lines = [
    ["role", seat.role ? word("role", { role: seat.role }) : ""],
    ["change", seat.change],
    ...seat.pieces.map((line) => ["pieces", line]),
    ["chore", seat.chore],
    ["note", seat.note],
  ];
  for (const [cls, text] of lines) if (text) card.append(el("p", cls, text));
  return card;
}

function die(d, i) {
  const item = el("li", "die");
  if (d.kept) item.classList.add("kept");
  if (d.marked) item.classList.add("marked");
  item.append(el("span", "number", String(i + 1)));
  item.append(el("span", "face", d.face || "–"));
  if (d.kind) item.append(el("span", "kind", d.kind));
  if (d.kept) item.append(el("span", "flag", word("kept", {})));
  if (d.marked) item.append(el("span", "flag", word("marked", {})));
  return item;
}

function draw(state) {
  if (!state || !state.seats) return;
  say("title", state.title || word("title", {}));
  fill("dice", state.dice.map(die));
  say("counts", state.counts);
  say("series", state.series);
  say("prompt", state.prompt);
  // Each answer by its DIE button, as the console lists them ("1 arrow": DIE1).
  const keys = state.keys.map((k, i) => (i + 1) + " " + k);
  fill("choices", [...state.choices, ...keys].map((c) => el("li", "", c.replace(/^\d+ /, ""))));
  say("aside", [state.aside, state.flash].filter(Boolean).join(". "));
  say("story", state.story);
  say("rules", state.rules);
  fill("seats", state.seats.map(seatCard));
  fill("history", state.history.slice().reverse().map((line) => el("li", "", line)));
  document.body.classList.toggle("over", state.over);
}

function listen() {
  const live = document.getElementById("live");
  const stream = new EventSource("/events");
  stream.onmessage = (message) => {
    draw(JSON.parse(message.data));
    live.textContent = word("live", {});
    live.className = "live on";
  };
  stream.onerror = () => {
    live.textContent = word("reconnecting", {});
    live.className = "live off";
  };
}

fetch("/state").then((r) => r.json()).then(draw).catch(() => {}).finally(listen);
