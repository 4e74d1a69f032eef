// Verifier tablet: follows the game in play live (the board's Server-Sent Events), so a claim is checked
// against the game in play when Check is pressed and every verdict names that game. A face number comes
// from the keypad, a numpad or a scanner ending with Enter; a U Pick Em ticket id is typed or scanned.
(function () {
  var root = document.querySelector(".verifier");
  var occasionUrl = root.dataset.occasion;
  var occasionId = parseInt(root.dataset.occasionId, 10);
  var firstFace = parseInt(root.dataset.firstFace, 10), lastFace = parseInt(root.dataset.lastFace, 10);
  var face = document.getElementById("face"), ticket = document.getElementById("ticket");
  var letters = ["B", "I", "N", "G", "O"];
  var game = null, closed = false, held = false, connected = true, loaded = null, asked = 0, seen = null;
  var $ = function (id) { return document.getElementById(id); };

  function gameName(g) { return "game " + g.number + ", " + g.label; }

  function renderGame() {
    $("game-title").textContent = game ? "Verify: " + gameName(game)
      : closed ? "The occasion is closed" : "No game in play";
    var status = !connected ? "Reconnecting to the caller's console…"
      : game && held ? "Game " + game.number + " is held: the caller is waiting for this check."
      : game ? "Claims are checked against game " + game.number + ". This page follows the caller by itself."
      : closed ? "Every game is closed; there is nothing left to verify."
      : "Waiting for the caller to start the next game. This page follows the caller by itself.";
    $("following").textContent = status;
    root.classList.toggle("is-waiting", !game);
  }

  // The game in play, read afresh; the newest answer wins if two reads overlap.
  function load() {
    var mine = ++asked;
    loaded = Station.get(occasionUrl).then(function (occasion) {
      if (mine !== asked) return loaded;
      closed = occasion.status === "closed";
      game = occasion.games.find(function (g) { return g.status === "in_play"; }) || null;
      held = !!(game && game.held_at);
      renderGame();
      return game;
    });
    return loaded;
  }

  // The board's events carry the game on the TVs: a start, a close or a hold changes what is checked.
  function follow(board) {
    var shown = board.game;
    var key = board.status + ":" + (shown ? shown.number + ":" + shown.status + ":" + !!shown.held : "none");
    if (key !== seen) { seen = key; load(); }
  }

  function show(state, verdict, reason) {
    var box = $("result");
    box.className = "panel result is-" + state;
    $("verdict").textContent = verdict;
    $("reason").textContent = reason;
    $("recheck").hidden = true;
    drawGrid(null);
    $("ticket-numbers").textContent = "";
  }

  function drawGrid(grid) {
    var table = $("grid");
    table.textContent = "";
    if (!grid) return;
    var head = table.insertRow();
    letters.forEach(function (l) { var th = document.createElement("th"); th.textContent = l; head.appendChild(th); });
    grid.forEach(function (row) {
      var tr = table.insertRow();
      row.forEach(function (square) {
        var td = tr.insertCell();
        td.textContent = square.number === null ? "FREE" : square.number;
        td.className = (square.covered ? "covered" : "") + (square.winning ? " winning" : "");
      });
    });
  }

  function cited(data) { return data.message + (data.rule ? " (" + data.rule + ")" : ""); }

  function fieldProblems(data) {
    var fields = data.fields || {};
    var said = Object.keys(fields).map(function (name) {
      return name.replace(/_/g, " ") + ": " + [].concat(fields[name]).join(" ");
    });
    return said.length ? said.join(" ") : cited(data);
  }

  // The game changed under the check (it closed, or the tablet had not yet seen the next one start):
  // say so plainly, read the game in play again and offer the check for it.
  function gameChanged(keyedFor, n) {
    load().then(function (now) {
      show("stale", "Game " + keyedFor.number + " is over: face " + n + " was not checked",
           "Game " + keyedFor.number + " closed before this check reached it. " + (now
             ? "Game " + now.number + " is in play now: check again if the claim is for game " + now.number + "."
             : "No game is in play now."));
      if (now) {
        $("recheck").textContent = "Check face " + n + " for game " + now.number;
        $("recheck").dataset.face = n;
        $("recheck").hidden = false;
      }
    });
  }

  function checkFace(value) {
    if (!/^\d+$/.test(value)) {
      show("refused", "Not a face number", "Face number: digits only (" + value + " is not one). " +
           "A U Pick Em ticket id goes in the ticket field below.");
      return;
    }
    var n = parseInt(value, 10);
    if (n < firstFace || n > lastFace) {
      show("refused", "Face " + n + " is out of range",
           "Face number: this occasion's faces are numbered " + firstFace + " to " + lastFace +
           ". Check the number printed on the paper.");
      return;
    }
    var keyedFor = game;
    if (!keyedFor) {
      show("refused", "No game in play: face " + n + " was not checked", "Wait for the caller to start the game.");
      return;
    }
    var named = "Game " + keyedFor.number + " · face " + n;
    Station.ask("POST", occasionUrl + "/games/" + keyedFor.number + "/claims", {face_number: n}).then(function (reply) {
      var data = reply.data;
      if (reply.ok) {
        show(data.valid ? "valid" : "invalid", named + ": " + (data.valid ? "VALID" : "INVALID"),
             data.reason + (data.completed_by ? " Completed by " + data.completed_by + "." : ""));
        drawGrid(data.grid);
      } else if (data.error === "game_closed" || data.error === "game_not_started") {
        gameChanged(keyedFor, n);
      } else if (data.error === "face_not_in_series") {
        show("invalid", named + ": not in the series", cited(data));
      } else if (data.error === "invalid_input") {
        show("refused", named + ": not checked", fieldProblems(data));
      } else {
        show("refused", named + ": not checked", cited(data));
      }
    }, function () {
      show("refused", named + ": not checked", "The server did not answer. Check again.");
    });
  }

  function checkTicket(value) {
    var code = value.toUpperCase();
    var keyedFor = game;
    Station.get(root.dataset.ticket.replace("CODE", encodeURIComponent(code))).then(function (t) {
      if (t.error) { show("invalid", "Ticket " + code + ": not found", t.message); return; }
      if (t.occasion_id !== occasionId) {
        show("invalid", "Ticket " + code + ": not tonight's", "This ticket was sold for another occasion.");
        return;
      }
      var named = "Game " + t.game_number + " · ticket " + t.code;
      var numbers = "Numbers " + t.numbers.join(", ") + "; daubed " + (t.daubed.join(", ") || "none") + ".";
      if (t.status === "void") {
        show("invalid", named + ": VOID", "This ticket was voided: " + (t.void_reason || "no reason given") + ".");
      } else if (!keyedFor || keyedFor.number !== t.game_number) {
        show("stale", named + ": not the game in play",
             "This ticket plays game " + t.game_number + "; " + (keyedFor ? "game " + keyedFor.number + " is in play." : "no game is in play.") +
             " " + numbers);
      } else {
        var won = t.completed_on_call !== null;
        show(won ? "valid" : "invalid", named + ": " + (won ? "WINNER" : "not a winner yet"),
             (won ? "Every number was called by call " + t.completed_on_call + ". " : "") + numbers);
      }
      var list = $("ticket-numbers");
      t.numbers.forEach(function (number) {
        var chip = Station.element("span", "pick" + (t.daubed.indexOf(number) >= 0 ? " covered" : ""),
                                   letters[Math.floor((number - 1) / 15)] + "-" + number);
        list.appendChild(chip);
      });
    }, function () {
      show("refused", "Ticket " + code + ": not checked", "The server did not answer. Check again.");
    });
  }

  // A scanner types a ticket id into whichever field has the focus, so both fields take either.
  function check(raw) {
    var value = raw.trim();
    if (!value) return;
    if (/^UP-/i.test(value)) checkTicket(value); else checkFace(value);
  }

  $("verify-form").addEventListener("submit", function (event) {
    event.preventDefault();
    check(face.value);
    face.value = "";
    face.focus();
  });
  $("ticket-form").addEventListener("submit", function (event) {
    event.preventDefault();
    check(ticket.value);
    ticket.value = "";
    ticket.focus();
  });
  $("recheck").addEventListener("click", function () {
    var n = $("recheck").dataset.face;
    $("recheck").hidden = true;
    check(n);
    face.focus();
  });

  // A scan that lands before this script has loaded submits a form the plain way (?face=... or
  // ?ticket=...): it is checked as soon as the game in play is known, so no scan is lost.
  var params = new URLSearchParams(window.location.search);
  var early = params.get("face") || params.get("ticket");
  if (early) window.history.replaceState(null, "", window.location.pathname);
  load().then(function () { if (early) check(early); });
  Station.get(root.dataset.state).then(function (board) {
    follow(board.board);
    Live.follow(root.dataset.events, board.id, follow, function (up) {
      if (up === connected) return;
      connected = up;
      renderGame();
      if (up) load();
    });
  });
})();
