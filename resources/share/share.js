// The shared page: follows the GM's fight through server-sent events and shows the
// turn order, or one player character's live values (addresses ending in /pc-N).
// Everything shown is written as text (textContent), never as markup.
"use strict";

const pcMatch = /\/pc-(\d+)$/.exec(location.pathname);
const pcId = pcMatch ? pcMatch[1] : null;
const $ = (id) => document.getElementById(id);
const MARKS = { acting: "▶", acted: "✓" };
let source = null;
let retry = null;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function turnText(state) {
  // A group acting together is named in full up to three; after that, counted.
  const names = state.turn;
  if (!names.length) return "";
  const shown = names.length > 3 ? names.slice(0, 2).join(", ") + " and " + (names.length - 2)
    + " more" : names.join(", ");
  return "Turn: " + shown;
}

function healthNode(entry) {
  const box = el("span", "health state-" + entry.state);
  if (entry.pc !== null && entry.pc !== undefined) {
    box.append(el("span", "hp", entry.health));
  } else {
    box.append(el("span", "pill", entry.health));
  }
  return box;
}

function showOrder(state) {
  $("round").textContent = state.started ? state.round
    : state.order.length ? "Get ready: the fight is about to start" : "Waiting for the GM…";
  $("turn").textContent = turnText(state);
  const list = $("order");
  const rows = state.order.map((entry) => {
    const li = el("li", entry.acting ? "acting" : entry.acted ? "acted" : "");
    if (entry.state === "dead" || entry.state === "down") li.classList.add("gone");
    li.append(el("span", "mark", entry.acting ? MARKS.acting : entry.acted ? MARKS.acted : ""));
    const who = el("span", "who");
    if (entry.pc) {
      const link = el("a", "", entry.name);
      link.href = "pc-" + entry.pc;
      who.append(link);
    } else {
      who.textContent = entry.name;
    }
    if (entry.acted && !entry.acting) who.append(el("span", "tag", "acted"));
    li.append(who, healthNode(entry));
    if (entry.acting) li.setAttribute("aria-current", "step");
    return li;
  });
  list.replaceChildren(...rows);
  list.classList.toggle("wide", state.order.length > 12);
  $("more").hidden = !state.more;
  $("more").textContent = state.more ? "and " + state.more + " more" : "";
}

function showCharacter(state) {
  const pc = state.pcs[pcId];
  document.title = (pc ? pc.name : "Character") + " — Sheetdesk";
  $("pc-name").textContent = pc ? pc.name : "This character has left the fight";
  $("pc-health").textContent = pc ? pc.health : "";
  $("pc-health").className = "pc-health" + (pc ? " state-" + pc.state : "");
  $("pc-turn").textContent = !pc ? "" : pc.acting ? "Your turn!" : turnText(state);
  const rows = [];
  for (const [label, value] of pc ? pc.values : []) {
    rows.push(el("dt", "", label), el("dd", "", value));
  }
  $("pc-values").replaceChildren(...rows);
  $("pc-values").hidden = rows.length === 0;
  $("pc-round").textContent = state.started ? state.round
    : "Get ready: the fight is about to start";
}

function show(state) {
  $("game").textContent = state.game || "Sheetdesk";
  if (pcId) showCharacter(state); else showOrder(state);
}

function status(text, lost) {
  $("live").textContent = text;
  $("live").classList.toggle("lost", lost);
}

function connect() {
  retry = null;
  source = new EventSource("events");
  source.onopen = () => status("Live", false);
  source.onmessage = (event) => {
    status("Live", false);
    show(JSON.parse(event.data));
  };
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) {
      // Refused (the table is full) or the GM stopped sharing: try again later.
      status("Not connected: trying again…", true);
      source.close();
      if (!retry) retry = setTimeout(connect, 10000);
    } else {
      status("Reconnecting…", true);
    }
  };
}

if (pcId) {
  $("fight").hidden = true;
  $("character").hidden = false;
}
connect();
