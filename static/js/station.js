// Shared by the station screens: JSON calls to /api/v1 with the CSRF token and an Idempotency-Key,
// refusals shown with the rule they cite. Reads (get) are background refreshes: they do not keep an
// idle station unlocked.
var Station = (function () {
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  // The message bar (templates/base.html) comes after the page's content, so it is found when used.
  // A refusal shows in red; a success said with tell, in green.
  function say(message, ok) {
    var problem = document.getElementById("problem");
    if (!problem) return;
    problem.hidden = !message;
    problem.textContent = message || "";
    problem.classList.toggle("is-ok", Boolean(ok && message));
  }
  function tell(message) { say(message, true); }

  function fresh(prefix) { return prefix + "-" + Date.now() + "-" + Math.random().toString(36).slice(2, 10); }

  // key: the same key for the same intent (say, "call 5 of game 3") makes a double tap act once;
  // characters a key may not hold (spaces in a player's name) become underscores. Answers {ok, status,
  // data} whatever the server said, for a screen that shows a refusal in its own place (the verdict).
  function ask(method, url, body, key) {
    var safe = key ? ("station-" + key).replace(/[^A-Za-z0-9_.:-]/g, "_").slice(0, 100) : fresh("tap");
    var headers = {"X-CSRF-Token": csrf, "Idempotency-Key": safe};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return fetch(url, {method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body)})
      .then(function (reply) {
        if (reply.status === 401) { window.location.assign("/pin"); throw new Error("signed out"); }
        return reply.text().then(function (text) {
          return {ok: reply.ok, status: reply.status, data: text ? JSON.parse(text) : null};
        });
      });
  }

  // As ask, but a refusal is said in the message bar (with the rule it cites) and rejects.
  function send(method, url, body, key) {
    return ask(method, url, body, key).then(function (answer) {
      var data = answer.data;
      if (!answer.ok) {
        var message = (data && data.message) || ("The server answered " + answer.status + ".");
        if (data && data.rule) message += " (" + data.rule + ")";
        say(message);
        throw new Error(message);
      }
      say("");
      return data;
    });
  }

  function get(url) {
    return fetch(url, {headers: {"Accept": "application/json", "X-Flashboard-Background": "1"}}).then(function (reply) {
      if (reply.status === 401) { window.location.assign("/pin"); throw new Error("signed out"); }
      return reply.json();
    });
  }

  // A screen's state comes back by two ways: a read in the background (after an event, or after a
  // change) and, on some screens, the answer to the screen's own change. Each is answered on a
  // connection of its own, so they can come back out of order, and a state older than the one shown
  // would put back what is gone (a player just busted, a prize just paid) under a finger about to tap
  // it. latest(url, draw) gives load() and changed(data): a read is drawn only when no read asked after
  // it has been drawn, and a read asked before a change's answer was drawn is read again instead, since
  // the server may have read it before that change committed.
  function latest(url, draw) {
    var asked = 0, drawn = 0, changedAt = 0;
    function load() {
      var mine = ++asked;
      return get(url).then(function (data) {
        if (mine > drawn) { drawn = mine; draw(data); return data; }
        if (mine <= changedAt && drawn === changedAt) return load();
        return null;
      });
    }
    function changed(data) {
      drawn = changedAt = asked;
      draw(data);
    }
    return {load: load, changed: changed};
  }

  function money(value) { return value === null || value === undefined ? "" : "$" + value; }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // Digits typed with no field focused and no dialog open, then Enter: a USB numpad, or a scanner that
  // types and presses Enter. onDigit(digits) follows each digit, onEnter(digits) takes them; Esc, or a
  // moment when active() says the page takes none, clears them.
  function typed(active, onEnter, onDigit) {
    var digits = "";
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var blocked = document.querySelector(".overlay:not([hidden])") || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (blocked || !active()) { digits = ""; return; }
      if (/^[0-9]$/.test(event.key)) {
        digits += event.key;
        if (onDigit) onDigit(digits);
        return;
      }
      if (event.key === "Escape" && digits && onDigit) { digits = ""; onDigit(digits); return; }
      if (event.key !== "Enter" || !digits) { digits = ""; return; }
      event.preventDefault();
      var done = digits;
      digits = "";
      onEnter(done);
    });
  }

  // A reason chosen by a tap (a station may have a numpad and no keyboard): the preset fills its field.
  document.addEventListener("click", function (event) {
    var preset = event.target.closest ? event.target.closest("[data-preset-for]") : null;
    var field = preset ? document.getElementById(preset.dataset.presetFor) : null;
    if (!field) return;
    field.value = preset.textContent.trim();
    field.dispatchEvent(new Event("input"));
  });

  // Escape closes whatever dialog is open, so a keyboard or a numpad never gets stuck in one.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".overlay:not([hidden])").forEach(function (dialog) { dialog.hidden = true; });
  });

  return {ask: ask, send: send, get: get, latest: latest, say: say, tell: tell, typed: typed, fresh: fresh, money: money, element: element};
})();
