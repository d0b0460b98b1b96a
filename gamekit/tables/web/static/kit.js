// The Giants kit classroom pages' one script: it sends a page's clicks and swaps in the regions the server pushes.
//
// A table's page (a seat's, the host's, the projector's) opens a websocket to /ws and says whose page it is (the
// code in its own address, or the table it watches).  The server answers with the page's regions ("update": region
// name -> HTML, drawn on the server) and sends them again whenever the table changes.  The page sends only:
// a move ({t: "move", offer, choice}: an index into the choices it was offered), a Hint or review request, and on
// the host's page the host's operations.  When the connection drops the page says so and reconnects by itself
// (0.5 s, 1 s, 2 s ... at most 5 s apart); the server then sends the table as it is now.
//
// The page is in its reader's language (the server renders it so, and the page's hello names the language, so that
// its updates come in it too); what the script says itself is in the body's data-say-* attributes.
"use strict";
(function () {
  const body = document.body;
  const kind = body.dataset.kind;
  const words = body.dataset;

  // -- the teacher's form: only the chosen game's start and options are sent ----------------------------------
  for (const form of document.querySelectorAll(".gk-lesson-form")) {
    const gameMenu = form.querySelector("select[name=game]");
    if (!gameMenu) continue;
    const showGame = () => {
      for (const set of form.querySelectorAll(".gk-game-options")) {
        const on = set.dataset.game === gameMenu.value;
        set.hidden = !on;
        set.disabled = !on;
      }
    };
    gameMenu.addEventListener("change", showGame);
    showGame();
  }
  if (!["seat", "host", "watch", "question"].includes(kind)) return;

  const code = new URLSearchParams(location.search).get("code");
  const hello = kind === "watch" ? { t: "watch", table: body.dataset.table } :
    kind === "question" ? { t: "question", question: body.dataset.table } : { t: "hello", code: code };
  hello.lang = document.documentElement.lang;
  const banner = document.getElementById("gk-conn");
  let socket = null;
  let retries = 0;
  let gone = false;
  let chosen = null; // the picture's part tapped once (a second tap plays it)
  let armed = null; // the host's button waiting for its confirming second click

  function say(text) {
    banner.textContent = text;
    banner.hidden = !text;
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    say(words.sayUnsent);
    return false;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws");
    socket.addEventListener("open", () => {
      retries = 0;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      body.dataset.live = "0";
      if (gone) return;
      say(words.sayLost);
      setTimeout(connect, Math.min(500 * 2 ** retries++, 5000));
    });
  }

  function receive(message) {
    if (message.t === "update") {
      for (const [name, html] of Object.entries(message.regions)) {
        const region = document.getElementById("gk-" + name);
        if (region) region.innerHTML = html;
      }
      chosen = null;
      say("");
      markTargets();
      body.dataset.live = "1";
      body.dataset.updates = String(Number(body.dataset.updates || 0) + 1);
    } else if (message.t === "gone") {
      gone = true;
      say(message.text);
    }
  }

  // -- the seat's choices -----------------------------------------------------------------------------------
  function offer() {
    const box = document.querySelector("#gk-choices .gk-offer");
    if (!box) return null;
    return { number: Number(box.dataset.offer), targets: JSON.parse(box.dataset.targets || "{}") };
  }

  function markTargets() {
    const current = offer();
    const targets = current ? current.targets : {};
    for (const node of document.querySelectorAll("#gk-picture [data-target]")) {
      const on = Object.prototype.hasOwnProperty.call(targets, node.getAttribute("data-target"));
      node.classList.toggle("gk-target", on);
      node.classList.remove("gk-chosen");
      if (on) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
      } else {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
      }
    }
  }

  function play(choice) {
    const current = offer();
    if (!current || Number.isNaN(choice)) return;
    if (send({ t: "move", offer: current.number, choice: choice })) {
      for (const b of document.querySelectorAll("#gk-choices button")) b.disabled = true;
    }
  }

  function tapTarget(node) {
    const current = offer();
    const id = node.getAttribute("data-target");
    if (!current || !(id in current.targets)) return;
    const choices = current.targets[id];
    if (chosen === id && choices.length === 1) {
      play(choices[0]);
      return;
    }
    chosen = id;
    for (const n of document.querySelectorAll("#gk-picture .gk-chosen")) n.classList.remove("gk-chosen");
    node.classList.add("gk-chosen");
    for (const b of document.querySelectorAll("#gk-choices .gk-suggested")) b.classList.remove("gk-suggested");
    let first = null;
    for (const c of choices) {
      const b = document.querySelector(`#gk-choices [data-choice="${c}"]`);
      if (b) {
        b.classList.add("gk-suggested");
        first = first || b;
      }
    }
    say(choices.length === 1 ? words.sayAgain : words.sayHighlighted);
    if (first) first.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("click", (event) => {
    const el = event.target.closest("button, [data-target]");
    if (!el) return;
    if (el.matches(".gk-choice")) play(Number(el.dataset.choice));
    else if (el.matches(".gk-play-menu")) play(Number(el.parentElement.querySelector("select").value));
    else if (el.matches(".gk-answer")) {
      if (send({ t: "answer", question: el.dataset.question, choice: Number(el.dataset.answer) })) {
        for (const b of document.querySelectorAll(".gk-answer")) b.disabled = true;
      }
    } else if (el.matches(".gk-hint")) send({ t: "hint" });
    else if (el.matches(".gk-review")) send({ t: "review" });
    else if (el.matches(".gk-enlarge")) {
      const on = body.classList.toggle("gk-zoom");
      el.setAttribute("aria-pressed", String(on));
      el.textContent = on ? words.sayBack : words.sayEnlarge;
    } else if (el.matches(".gk-host")) host(el);
    else if (el.matches("[data-target]") && el.closest("#gk-picture")) tapTarget(el);
  });

  document.addEventListener("keydown", (event) => {
    const el = event.target;
    if ((event.key === "Enter" || event.key === " ") && el.matches && el.matches("#gk-picture [data-target]")) {
      event.preventDefault();
      tapTarget(el);
    }
  });

  // -- the host's controls ------------------------------------------------------------------------------------
  function host(button) {
    if (button.dataset.confirm && armed !== button) {
      armed = button;
      button.dataset.label = button.textContent;
      button.textContent = button.dataset.confirm;
      setTimeout(() => {
        if (armed === button) {
          armed = null;
          button.textContent = button.dataset.label;
        }
      }, 10000);
      return;
    }
    armed = null;
    const menu = document.querySelector("#gk-controls select.gk-bot");
    const message = { t: "host", op: button.dataset.op };
    if (button.dataset.seat !== undefined) message.seat = Number(button.dataset.seat);
    if (menu) message.bot = menu.value;
    send(message);
  }

  // the class question's countdown (display only: the server decides when the time is up)
  setInterval(() => {
    for (const c of document.querySelectorAll(".gk-countdown[data-left]")) {
      const left = Math.max(0, Number(c.dataset.left) - 1);
      c.dataset.left = String(left);
      c.textContent = words.saySeconds.replace("{}", String(left));
    }
  }, 1000);

  markTargets();
  connect();
})();
