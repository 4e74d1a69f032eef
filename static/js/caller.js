// The caller's console: every step reads the occasion from /api/v1 and redraws; the board's
// Server-Sent Events say when anything changed (a call, a claim from a verifier, a hold, a close).
(function () {
  var root = document.querySelector(".caller");
  var occasionUrl = root.dataset.occasion;
  var occasionId = root.dataset.occasionId;
  var letters = ["B", "I", "N", "G", "O"];
  var state = null, grids = [], gridIndex = 0, checked = {}, loads = 0;
  var page = Math.random().toString(36).slice(2, 8);
  var $ = function (id) { return document.getElementById(id); };
  var el = Station.element;

  function label(ball) { return letters[Math.floor((ball - 1) / 15)] + "-" + ball; }
  function gameUrl(game) { return occasionUrl + "/games/" + game.number; }
  function current() {
    if (!state) return null;
    return state.games.find(function (g) { return g.status === "in_play"; }) || null;
  }
  function nextPending() { return state.games.find(function (g) { return g.status === "pending"; }) || null; }
  function lastClosed() {
    var closed = state.games.filter(function (g) { return g.status === "closed"; });
    return closed.length ? closed[closed.length - 1] : null;
  }
  // What the game is called on every screen (bingo.rules.board_states.game_label, from the server).
  function gameName(game) { return game.label; }
  function winners(game) {
    if (game.kind === "u_pick_em") return game.upick_winners.length;
    return game.claims.filter(function (c) { return c.valid && c.on_call === game.calls.length; }).length;
  }

  // Draw and Hold act on one tap, so the second tap of a double tap is dropped: a fast reply could
  // otherwise land between the two taps and make the second a new intent (a second ball, a resume).
  var GAP_MS = 400, FLIP_MS = 1500;
  function spaced(handler) {
    var last = 0;
    return function (event) {
      var now = Date.now();
      if (now - last < GAP_MS) return;
      last = now;
      handler(event);
    };
  }

  // The ball check in progress survives a reload of this console (kept in this browser, per occasion).
  var keep = "flashboard-ball-check-" + occasionId;
  function saveBallCheck() {
    var by = Array.prototype.map.call(document.querySelectorAll('input[name="checked_by"]:checked'), function (box) { return box.value; });
    try { localStorage.setItem(keep, JSON.stringify({balls: Object.keys(checked), by: by})); } catch (e) { /* private mode: not kept */ }
  }
  function restoreBallCheck() {
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(keep) || "null"); } catch (e) { kept = null; }
    if (!kept) return;
    (kept.balls || []).forEach(function (ball) { checked[ball] = true; });
    document.querySelectorAll('input[name="checked_by"]').forEach(function (box) { box.checked = (kept.by || []).indexOf(box.value) >= 0; });
  }

  function buildGrid(box, onTap, prefix) {
    for (var c = 0; c < 5; c++) {
      box.appendChild(el("span", "letter", letters[c]));
      for (var n = c * 15 + 1; n <= c * 15 + 15; n++) {
        var button = el("button", "ball", String(n));
        button.type = "button";
        button.id = prefix + n;
        button.dataset.ball = n;
        button.setAttribute("aria-label", label(n));
        box.appendChild(button);
      }
    }
    box.addEventListener("click", function (event) {
      var button = event.target.closest("button.ball");
      if (button && !button.disabled) onTap(parseInt(button.dataset.ball, 10), button);
    });
  }

  function drawPattern() {
    var box = $("pattern");
    box.textContent = "";
    if (!grids.length) return;
    var grid = grids[gridIndex % grids.length];
    for (var r = 0; r < 5; r++) for (var c = 0; c < 5; c++) box.appendChild(el("div", "cell" + (grid[r][c] ? " on" : "")));
  }

  function renderBallCheck() {
    var count = Object.keys(checked).length;
    for (var n = 1; n <= 75; n++) $("check" + n).classList.toggle("hit", !!checked[n]);
    $("balls-count").textContent = count + " of 75 checked";
    var someone = document.querySelectorAll('input[name="checked_by"]:checked').length > 0;
    $("balls-done").disabled = count < 75 || !someone;
  }

  function renderProgram() {
    var list = $("program");
    list.textContent = "";
    state.games.forEach(function (game) {
      var item = el("li", "program-game is-" + game.status.replace("_", "-"));
      var prize = game.merchandise ? game.merchandise : Station.money(game.announced_prize || game.prize);
      item.appendChild(el("strong", null, game.number + ". " + gameName(game)));
      item.appendChild(el("span", "muted", " " + prize));
      item.appendChild(el("span", "tag", game.status.replace("_", " ")));
      if (game.status === "in_play") item.setAttribute("aria-current", "step");
      list.appendChild(item);
    });
    $("jar-label").textContent = state.cookie_jar_label ? "Jar number " + state.cookie_jar_label : "";
    var close = $("close-occasion");
    if (close) close.hidden = !(state.status === "running" && !current() && (!nextPending() || state.play_stopped));
  }

  function renderClaims(game) {
    var list = $("claims");
    list.textContent = "";
    if (!game) return;
    var calls = game.calls.length;
    game.claims.slice().reverse().forEach(function (claim) {
      var item = el("li", "claim " + (claim.valid ? "is-valid" : "is-invalid"));
      item.appendChild(el("strong", null, (claim.valid ? "VALID" : "INVALID") + " · face " + claim.face_number));
      item.appendChild(el("span", null, claim.reason + (claim.on_call !== calls ? " (on call " + claim.on_call + ")" : "")));
      if (claim.share !== null && claim.share !== undefined) item.appendChild(el("span", "share", "Pays " + Station.money(claim.share)));
      list.appendChild(item);
    });
    game.upick_winners.forEach(function (code) {
      var item = el("li", "claim is-valid");
      item.appendChild(el("strong", null, "U Pick Em winner " + code));
      list.appendChild(item);
    });
    var earlier = (game.claims_total || 0) - game.claims.length;
    if (earlier > 0) list.appendChild(el("li", "muted", earlier + " earlier invalid claims are in the occasion report."));
    if (!list.children.length) list.appendChild(el("li", "muted", "No claims yet. Verifiers' results appear here."));
  }

  function renderTitle(game, pending, shown) {
    var running = state.status === "running";
    if (state.status === "closed") {
      $("game-title").textContent = "The occasion is closed";
      $("announcement").textContent = "Every game is played and closed. The member in charge produces the report.";
    } else if (pending && running) {
      $("game-title").textContent = "Next: game " + pending.number + ", " + gameName(pending);
      $("announcement").textContent = pending.how + " Prize: " +
        (pending.merchandise || Station.money(pending.prize)) + ".";
    } else if (shown) {
      $("game-title").textContent = "Game " + shown.number + ": " + gameName(shown);
      $("announcement").textContent = shown.announcement || "";
    } else {
      $("game-title").textContent = "No game in play";
      $("announcement").textContent = "";
    }
  }

  function renderCalls(game, stopped) {
    var calls = game ? game.calls : [];
    var called = {};
    calls.forEach(function (c) { called[c.ball] = true; });
    var held = !!(game && game.held_at);
    var manual = game && game.ball_mode === "manual" && game.kind !== "break_open";
    for (var n = 1; n <= 75; n++) {
      var button = $("ball" + n);
      button.classList.toggle("hit", !!called[n]);
      button.classList.toggle("latest", calls.length > 0 && calls[calls.length - 1].ball === n);
      button.disabled = !manual || held || !!called[n] || !!stopped;
    }
    $("stage").classList.toggle("is-held", held);
    $("hold-state").hidden = !held;
    $("hold-state").textContent = held ? "BINGO! HOLD: calls are stopped while the claim is checked " +
      "(101-4.16). A valid claim ends the hold; resume if it is not a bingo." : "";
    if (!game) return;
    $("last").textContent = calls.length ? calls[calls.length - 1].label : "--";
    $("count").textContent = calls.length;
    var strip = $("last-five");
    strip.textContent = "";
    calls.slice(-5).reverse().forEach(function (c, i) { strip.appendChild(el("span", "chip" + (i === 0 ? " newest" : ""), c.label)); });
    if (!calls.length) strip.appendChild(el("span", "muted", "none yet"));
    var posted = game.kind === "break_open";
    $("draw").hidden = game.ball_mode === "manual" || posted;
    $("draw").disabled = held || !!stopped;
    $("correct-open").hidden = posted;
    $("correct-open").disabled = !calls.length;
    var holdLabel = held ? "Resume calling" : "Bingo! Hold";
    if ($("hold").textContent !== holdLabel) holdFlippedAt = Date.now();
    $("hold").textContent = holdLabel;
    $("hold").classList.toggle("is-held", held);
    $("hold").hidden = posted;
    $("hold").disabled = !calls.length || (held && !!stopped);
  }

  function render() {
    var running = state.status === "running";
    if (state.status !== "scheduled") { try { localStorage.removeItem(keep); } catch (e) { /* not kept */ } }
    $("step-balls").hidden = state.status !== "scheduled";
    var jarDue = state.runs_cookie_jar && state.cookie_jar_number === null;
    $("step-jar").hidden = !(running && jarDue);
    $("play").hidden = !(running && !jarDue) && state.status !== "closed";
    if (!$("step-balls").hidden) renderBallCheck();
    if ($("play").hidden) return;
    renderProgram();
    var game = current();
    var shown = game || lastClosed();
    var pending = game ? null : nextPending();
    // A U Pick Em game has no shape on a card to show (101-4.30.1): the player's own numbers win it.
    var pictured = pending || (running ? shown : null);
    grids = pictured && pictured.kind !== "u_pick_em" ? pictured.pattern.grids : [];
    drawPattern();
    renderTitle(game, pending, shown);
    var stopped = running ? state.play_stopped : null;
    $("time-up").hidden = !stopped;
    $("time-up").textContent = stopped ? stopped.message + " (" + stopped.rule + ")" : "";
    $("start-box").hidden = !(pending && running && !stopped);
    $("attendance-field").hidden = !(pending && pending.varies_with_attendance);
    $("start-game").textContent = pending && pending.kind === "break_open"
      ? "Draw and post the " + pending.break_open_numbers + " numbers"
      : pending && pending.ball_mode === "electronic" ? "Announce and start: balls drawn here, not the blower" : "Announce and start";
    $("call-box").hidden = !game;
    $("correction").hidden = $("correction").hidden || !game;
    var closedGame = !game && shown && shown.status === "closed" ? shown : null;
    $("closing").hidden = !closedGame;
    if (closedGame) {
      $("closing-text").textContent = closedGame.closing_announcement + (closedGame.jar_announcement ? " " + closedGame.jar_announcement : "");
      $("jar-award").hidden = !closedGame.jar_award_due;
    }
    // While jar 1 waits to be awarded, that is the one primary control: the next game's start steps back.
    $("start-game").classList.toggle("btn-primary", !(closedGame && closedGame.jar_award_due));
    renderCalls(game, stopped);
    var split = game ? game.split_preview : [];
    $("split").hidden = !split.length;
    $("split").textContent = split.length ? "Closing now pays " + split.map(function (s) {
      return "face " + s.face_number + " " + Station.money(s.share);
    }).join(", ") + "." : "";
    renderClaims(game || closedGame);
    TwoStep.refresh();
  }

  // A read answered after a later one is not drawn (Station.latest): a ball just called never drops
  // off the board behind a slow read.
  var reads = Station.latest(occasionUrl, function (data) { state = data; loads++; render(); });
  function load() { return reads.load(); }

  function act(method, url, body, key) {
    return Station.send(method, url, body, key).then(load, function () { return load(); });
  }

  // One key per intent: "ball 48 as call 4 of game 2" (or "draw call 4"), so a double tap calls once.
  function callKey(game, ball) { return "call-" + state.id + "-" + game.number + "-" + game.calls.length + "-" + (ball || "draw"); }

  buildGrid($("ball-check"), function (ball) {
    if (checked[ball]) delete checked[ball]; else checked[ball] = true;
    saveBallCheck();
    renderBallCheck();
  }, "check");
  buildGrid($("balls"), function (ball) {
    var game = current();
    if (game) act("POST", gameUrl(game) + "/calls", {ball: ball}, callKey(game, ball));
  }, "ball");
  restoreBallCheck();

  // A ball keyed on a USB numpad with no field focused: the digits, then Enter, tap that ball on the
  // grid in view (the ball check's, or the game's), so it is the same one-tap call with the same key.
  // Only the last two digits count, so a slip is put right by keying the ball again.
  Station.typed(function () { return true; }, function (digits) {
    var ball = parseInt(digits.slice(-2), 10);
    var checking = !$("step-balls").hidden;
    var button = $((checking ? "check" : "ball") + ball);
    if (button && !button.disabled && button.offsetParent !== null) { Station.say(""); button.click(); }
    else Station.say(ball >= 1 && ball <= 75 ? label(ball) + " cannot be called now." : ball + " is not a ball (1 to 75).");
  }, function (digits) {
    if (!digits) { Station.say(""); return; }
    var n = parseInt(digits.slice(-2), 10);
    Station.say(n >= 1 && n <= 75 ? "Keyed " + label(n) + ": Enter calls it, Esc clears." : "Keyed " + digits.slice(-2) + ": not a ball (1 to 75).");
  });

  document.querySelectorAll('input[name="checked_by"]').forEach(function (box) {
    box.addEventListener("change", function () { saveBallCheck(); renderBallCheck(); });
  });
  $("all-present").addEventListener("click", function () {
    for (var n = 1; n <= 75; n++) checked[n] = true;
    saveBallCheck();
    renderBallCheck();
  });
  $("balls-done").addEventListener("click", function () {
    var who = Array.prototype.map.call(document.querySelectorAll('input[name="checked_by"]:checked'),
                                       function (box) { return parseInt(box.value, 10); });
    act("POST", occasionUrl + "/ball-check", {checked_by: who}, "balls-" + state.id);
  });
  $("jar-draw").addEventListener("click", function () { act("POST", occasionUrl + "/cookie-jar-number", {ball: null}, "jar-" + state.id); });
  $("jar-key").addEventListener("submit", function (event) {
    event.preventDefault();
    act("POST", occasionUrl + "/cookie-jar-number", {ball: parseInt($("jar-ball").value, 10) || 0}, "jar-" + state.id + "-" + $("jar-ball").value);
  });
  $("start-box").addEventListener("submit", function (event) {
    event.preventDefault();
    var game = nextPending();
    if (!game) return;
    if (game.kind === "break_open") {
      // 101-4.29.1: a break-open game begins by drawing and posting its numbers together.
      act("POST", gameUrl(game) + "/break-open/post", {balls: null}, "post-" + state.id + "-" + game.number);
      return;
    }
    var raw = $("attendance").value.trim();
    var attendance = game.varies_with_attendance && raw ? parseInt(raw, 10) : null;
    act("POST", gameUrl(game) + "/start", {attendance: attendance}, "start-" + state.id + "-" + game.number + "-" + (raw || "none"));
  });
  $("draw").addEventListener("click", spaced(function () {
    var game = current();
    if (game) act("POST", gameUrl(game) + "/calls", {ball: null}, callKey(game, null));
  }));
  // 101-4.16: a player calls bingo; the caller holds the game (no call) until the claim is checked.
  // The key names this console's view of the game, so a double tap holds (or resumes) once.
  // A slow double tap whose second tap lands after the reply would undo the hold it just made: the
  // button takes no tap for a moment after its meaning flips (Hold to Resume or back).
  var holdFlippedAt = 0;
  $("hold").addEventListener("click", spaced(function () {
    var game = current();
    if (!game || Date.now() - holdFlippedAt < FLIP_MS) return;
    var verb = game.held_at ? "resume" : "hold";
    act("POST", gameUrl(game) + "/" + verb, undefined, verb + "-" + state.id + "-" + game.number + "-" + game.calls.length + "-" + page + "-" + loads);
  }));
  $("correct-open").addEventListener("click", function () { $("correction").hidden = false; $("correct-ball").focus(); });
  $("correct-cancel").addEventListener("click", function () { $("correction").hidden = true; });
  $("correction").addEventListener("submit", function (event) {
    event.preventDefault();
    var game = current();
    if (!game) return;
    $("correction").hidden = true;
    act("POST", gameUrl(game) + "/calls/last/correction",
        {ball: parseInt($("correct-ball").value, 10) || 0, reason: $("correct-reason").value}).then(function () {
      $("correct-ball").value = "";
      $("correct-reason").value = "";
    });
  });

  // Two taps for what cannot be undone (TwoStep): the question names what the second tap will do.
  TwoStep.bind($("close-game"), function () {
    var game = current();
    if (game) act("POST", gameUrl(game) + "/close", undefined, "close-" + state.id + "-" + game.number);
  }, function () {
    var game = current();
    if (!game) return null;
    var found = winners(game);
    return "Tap again to close game " + game.number + (found ? ": " + found + (found === 1 ? " winner" : " winners") : " with no winner");
  });
  TwoStep.bind($("jar-award"), function () {
    var game = lastClosed();
    if (game) act("POST", gameUrl(game) + "/cookie-jar-award", undefined, "award-" + state.id + "-" + game.number);
  }, function () {
    var game = lastClosed();
    return game && game.jar_award_due ? "Tap again to award cookie jar 1 to game " + game.number + "'s winners" : null;
  });
  var closeOccasion = $("close-occasion");
  if (closeOccasion) TwoStep.bind(closeOccasion, function () {
    act("POST", occasionUrl + "/close", undefined, "close-occasion-" + state.id);
  }, function () {
    return state && state.status === "running" ? "Tap again to close the occasion" : null;
  });

  // Each ball on its own, so a line never breaks inside "B-12".
  function numbers(box, balls) {
    box.textContent = "";
    balls.forEach(function (ball) { box.appendChild(el("span", "number", label(ball))); box.appendChild(document.createTextNode(" ")); });
  }
  $("verify-open").addEventListener("click", function () {
    if (!current()) { Station.say("Start a game first: the numbers drawn are a game's."); return; }
    $("verify-request").hidden = false;
    $("verification-found").hidden = true;
    $("verification").hidden = false;
    $("witness").focus();
  });
  $("verify-cancel").addEventListener("click", function () { $("verification").hidden = true; });
  $("verify-request").addEventListener("submit", function (event) {
    event.preventDefault();
    var game = current();
    if (!game) { $("verification").hidden = true; Station.say("Start a game first: the numbers drawn are a game's."); return; }
    Station.send("POST", gameUrl(game) + "/verification-requests", {witness_member_id: parseInt($("witness").value, 10)})
      .then(function (found) {
        $("drawn-count").textContent = found.drawn.length;
        $("remaining-count").textContent = found.remaining.length;
        numbers($("drawn"), found.drawn);
        numbers($("remaining"), found.remaining);
        $("verification-witness").textContent = "Witnessed by " + $("witness").selectedOptions[0].textContent + ".";
        $("verify-request").hidden = true;
        $("verification-found").hidden = false;
        $("verification-done").focus();
      }, function () { return null; });
  });
  $("verification-done").addEventListener("click", function () { $("verification").hidden = true; });

  var pending = false;
  function soon() {
    if (pending) return;
    pending = true;
    setTimeout(function () { pending = false; load(); }, 50);
  }
  load();
  Station.get(root.dataset.state).then(function (board) {
    Live.follow(root.dataset.events, board.id, soon, function (up) { if (up) soon(); });
  });
  setInterval(function () { gridIndex++; drawPattern(); }, 1000);
})();
