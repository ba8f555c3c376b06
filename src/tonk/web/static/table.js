// tonk serve: the table page. The join link's secret is in the URL's fragment
// (#...), which the browser never sends in a request: it goes to the server
// only inside the WebSocket's hello message. Every text from the server is
// shown with textContent; the only markup inserted is the table's picture,
// drawn by the server's tonk.svg from this seat's view (its text is escaped).
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const token = location.hash.length > 1 ? location.hash.slice(1) : null;
let socket = null;
let request = null;
let deadline = null;
let retry = 500;
let seatTaken = false;

function byId(id) { return document.getElementById(id); }

function element(tag, text, attributes) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attributes || {})) {
    node.setAttribute(name, value);
  }
  return node;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
  }
}

function clearActions() {
  request = null;
  byId("actions").replaceChildren();
}

// The first word of an action's notation groups the buttons: draw, spread, hit...
function showActions(message) {
  clearActions();
  request = message.request;
  const groups = new Map();
  for (const action of message.legal) {
    const word = action.action.split(" ")[0];
    if (!groups.has(word)) groups.set(word, []);
    groups.get(word).push(action);
  }
  const box = byId("actions");
  for (const actions of groups.values()) {
    const group = element("div", null, { class: "group" });
    for (const action of actions) {
      const button = element("button", action.action, {
        type: "button", "data-index": action.index,
      });
      button.addEventListener("click", () => {
        for (const other of box.querySelectorAll("button")) other.disabled = true;
        // A tunk (H5) has no index of its own: it is sent by its notation.
        const answer = action.index === null
          ? { action: action.action } : { index: action.index };
        send({ type: "action", request: request, ...answer });
      });
      group.append(button);
    }
    box.append(group);
  }
}

function showList(id, items) {
  const list = byId(id);
  list.replaceChildren();
  for (const item of items) {
    const entry = element("li", item.text);
    if (item.className) entry.className = item.className;
    list.append(entry);
  }
}

function showView(view) {
  byId("title").textContent = "table " + tableId + (view.seat === null
    ? " (watching)" : " · seat " + view.seat + " (" + view.names[view.seat] + ")");
  document.title = "tonk: " + byId("title").textContent;
  byId("picture").innerHTML = view.picture;
  const status = byId("status");
  status.textContent = view.status;
  status.classList.toggle("yours", view.seat !== null && view.waiting.includes(view.seat));
  showList("seats", view.names.map((name, seat) => ({
    text: "seat " + seat + ": " + name + " (" + view.kinds[seat] + ")" +
      (view.kinds[seat] === "human" ? (view.connected[seat] ? ", here" : ", away") : ""),
    className: view.waiting.includes(seat) ? "to-move" : "",
  })));
  showList("standings", view.standings.map(([name, balance]) =>
    ({ text: name + ": " + balance })));
  const log = byId("log");
  log.textContent = view.log.join("\n");
  log.scrollTop = log.scrollHeight;
  const result = view.result;
  byId("result").textContent = result || "";
  byId("result").classList.toggle("hidden", !result);
  byId("result-heading").classList.toggle("hidden", !result);
  deadline = view.seconds_left === null ? null : Date.now() + 1000 * view.seconds_left;
  tick();
  if (view.records) {
    const list = byId("records");
    list.replaceChildren();
    for (const record of view.records) {
      const item = element("li", "hand " + record.hand + ": ");
      item.append(element("a", "JSON", { href: record.json, download: "" }), " · ",
        element("a", "text", { href: record.text, download: "" }));
      list.append(item);
    }
    byId("downloads").classList.remove("hidden");
  }
  if (view.seat === null || !view.waiting.includes(view.seat)) clearActions();
  showSeating(view);
}

// Joins and leaves (V47): a seated player leaves when the hand ends; someone
// watching without a link takes a free seat from the next hand.
function showSeating(view) {
  const playing = view.records === null;
  const canLeave = playing && view.seat !== null && view.names.length > 2;
  const canJoin = playing && view.joinable && view.seat === null && !token;
  byId("leave").classList.toggle("hidden", !canLeave);
  byId("join").classList.toggle("hidden", !canJoin);
  byId("seating").classList.toggle("hidden", !canLeave && !canJoin);
}

byId("leave").addEventListener("click", () => {
  send({ type: "leave" });
  byId("leave").disabled = true;
  byId("seating-note").textContent = "You leave the table when this hand ends.";
});

byId("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const response = await fetch("/api/tables/" + encodeURIComponent(tableId) +
    "/seats", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: byId("join-name").value }),
  });
  const answer = await response.json();
  if (!response.ok) {
    byId("seating-note").textContent = answer.error || answer.code;
    return;
  }
  // The new seat's link: keep it to come back; the page reconnects with it.
  location.hash = answer.link.split("#")[1];
  location.reload();
});

function tick() {
  const shown = byId("timer");
  if (deadline === null) {
    shown.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  shown.textContent = left + " s left to answer, then you pass";
}

function receive(event) {
  const message = JSON.parse(event.data);
  if (message.type === "welcome") {
    retry = 500;  // seated: a later loss of the connection starts over
  } else if (message.type === "view") {
    showView(message);
  } else if (message.type === "act") {
    byId("error").textContent = "";
    showActions(message);
  } else if (message.type === "error" && message.code === "seat_taken") {
    // The seat's old connection may not have closed yet (a lost network):
    // keep trying, as a reconnect.
    byId("connection").textContent = "this seat is open elsewhere; retrying…";
    seatTaken = true;
  } else if (message.type === "error") {
    byId("error").textContent = message.message || message.code;
    for (const button of byId("actions").querySelectorAll("button")) {
      button.disabled = false;
    }
  } else if (message.type === "goodbye" && !seatTaken) {
    byId("connection").textContent = message.reason || "the table has finished";
    retry = null;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(scheme + "//" + location.host + "/t/" +
    encodeURIComponent(tableId) + "/ws?view=1");
  socket.addEventListener("open", () => {
    seatTaken = false;
    byId("connection").textContent = token ? "connected" : "watching";
    const hello = { type: "hello", protocol: 1 };
    if (token) hello.token = token;
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", receive);
  socket.addEventListener("close", () => {
    clearActions();
    if (retry === null) return;
    byId("connection").textContent = "reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

setInterval(tick, 500);
connect();
