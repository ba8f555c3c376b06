// tonk serve: the lobby. Lists the tables and creates new ones.
// Every text from the server is shown with textContent, never as HTML.
"use strict";

function element(tag, text, attributes) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attributes || {})) {
    node.setAttribute(name, value);
  }
  return node;
}

async function getJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(url + ": " + response.status);
  return response.json();
}

let info = null;

function seatRow(seat) {
  const row = element("div", null, { class: "seat", "data-seat": seat });
  row.append(element("span", "Seat " + seat + ": "));
  const kind = element("select", null, { name: "kind-" + seat });
  kind.append(element("option", "human", { value: "human" }));
  kind.append(element("option", "bot", { value: "bot" }));
  if (seat > 0) kind.value = "bot";
  const bot = element("input", null, {
    name: "bot-" + seat, list: "bots", value: "greedy", size: "12",
    "aria-label": "bot for seat " + seat,
  });
  const name = element("input", null, {
    name: "name-" + seat, placeholder: "name", maxlength: "24", size: "10",
    "aria-label": "name of seat " + seat,
  });
  const showBot = () => { bot.style.display = kind.value === "bot" ? "" : "none"; };
  kind.addEventListener("change", showBot);
  showBot();
  row.append(kind, " ", bot, " ", name);
  return row;
}

function drawSeats() {
  const count = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  while (box.children.length > count) box.lastChild.remove();
  while (box.children.length < count) box.append(seatRow(box.children.length));
}

function describeSeats(seats) {
  return seats.map((seat) => {
    const who = seat.kind === "bot" ? seat.bot : (seat.connected ? "here" : "open");
    return seat.name + " (" + who + ")";
  }).join(", ");
}

async function refresh() {
  const tables = await getJSON("/api/tables");
  const body = document.querySelector("#tables tbody");
  body.replaceChildren();
  for (const table of tables) {
    const row = element("tr");
    row.append(element("td", table.id));
    row.append(element("td", table.rules_name + ", " +
      (table.mode === "session" ? table.hands + " hands" : "one hand")));
    row.append(element("td", describeSeats(table.seats)));
    row.append(element("td", table.status));
    const watch = element("td");
    watch.append(element("a", "watch", { href: "/t/" + encodeURIComponent(table.id) }));
    row.append(watch);
    body.append(row);
  }
  document.getElementById("no-tables").classList.toggle("hidden", tables.length > 0);
}

function request(form) {
  const data = new FormData(form);
  const players = Number(data.get("players"));
  const seats = [];
  for (let seat = 0; seat < players; seat++) {
    const kind = data.get("kind-" + seat);
    const entry = { kind: kind };
    const name = String(data.get("name-" + seat) || "").trim();
    if (name) entry.name = name;
    if (kind === "bot") entry.bot = String(data.get("bot-" + seat) || "").trim();
    seats.push(entry);
  }
  const body = { preset: data.get("preset"), seats: seats, mode: data.get("mode") };
  if (body.mode === "session") body.hands = Number(data.get("hands"));
  const rules = String(data.get("rules") || "").trim();
  if (rules) {
    try {
      body.rules = JSON.parse(rules);
    } catch (error) {
      throw new Error("the rules are not valid JSON: " + error.message);
    }
  }
  return body;
}

async function create(event) {
  event.preventDefault();
  const shown = document.getElementById("create-error");
  shown.textContent = "";
  let body;
  try {
    body = request(event.target);
  } catch (error) {
    shown.textContent = error.message;
    return;
  }
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    shown.textContent = answer.error || "the server refused the table";
    return;
  }
  const links = document.getElementById("links");
  links.replaceChildren();
  for (const seat of answer.seats) {
    if (!seat.link) continue;
    const item = element("li", "Seat " + seat.seat + " (" + seat.name + "): ");
    const url = new URL(seat.link, location.href).href;
    item.append(element("a", url, { href: url, "data-seat": seat.seat }));
    links.append(item);
  }
  const watch = element("li", "Spectators: ");
  const url = new URL(answer.spectate, location.href).href;
  watch.append(element("a", url, { href: url, "data-spectate": "" }));
  links.append(watch);
  document.getElementById("created").classList.remove("hidden");
  refresh();
}

function setPlayers() {
  const rules = info.presets[document.getElementById("preset").value];
  const select = document.getElementById("players");
  const wanted = Number(select.value) || 2;
  select.replaceChildren();
  for (let count = 2; count <= rules.max_players; count++) {
    select.append(element("option", count, { value: count }));
  }
  select.value = Math.min(wanted, rules.max_players);
  drawSeats();
}

async function start() {
  info = await getJSON("/api/info");
  const preset = document.getElementById("preset");
  for (const name of Object.keys(info.presets)) {
    preset.append(element("option", name, { value: name }));
  }
  preset.value = "pagat";
  const bots = document.getElementById("bots");
  for (const name of info.bots) bots.append(element("option", null, { value: name }));
  preset.addEventListener("change", setPlayers);
  document.getElementById("players").addEventListener("change", drawSeats);
  document.getElementById("create").addEventListener("submit", create);
  setPlayers();
  await refresh();
  setInterval(refresh, 5000);
}

start();
