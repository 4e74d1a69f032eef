// Two taps for anything that cannot be taken back (house rule): the first tap arms the button in place,
// showing its data-confirm text ("Tap again to draw the seats"); a second tap at least 400 ms later and
// within 5 seconds acts; a tap on anything else armed, or the 5 seconds passing, disarms it. A button is
// known by data-twostep (or its id, or a name given on its first tap), so a screen that redraws its
// buttons keeps one armed: it calls TwoStep.mark(button) on the new button. A button bound with a
// describe function asks it what the second tap would do ("Tap again to close game 3: 2 winners"; null
// when there is nothing to do); if that changes while it is armed (a claim arrives), TwoStep.refresh()
// disarms it rather than let the second tap act on something the first never showed.
var TwoStep = (function () {
  var SETTLE_MS = 400, HOLD_MS = 5000;
  var armed = null, unnamed = 0, described = {};

  function keyOf(button) {
    if (!button.dataset.twostep && !button.id) button.dataset.twostep = "twostep-" + (unnamed += 1);
    return button.dataset.twostep || button.id;
  }

  function find(key) {
    return document.querySelector('[data-twostep="' + CSS.escape(key) + '"]') || document.getElementById(key);
  }

  function show(button) {
    if (button.dataset.label === undefined) button.dataset.label = button.textContent;
    button.textContent = button.dataset.confirm;
    button.classList.add("armed");
  }

  function rest(button) {
    if (button.dataset.label !== undefined) button.textContent = button.dataset.label;
    delete button.dataset.label;
    button.classList.remove("armed");
  }

  // Disarms whatever is armed, or only the button of this key.
  function disarm(key) {
    if (!armed || (typeof key === "string" && key !== armed.key)) return;
    clearTimeout(armed.timer);
    var button = find(armed.key);
    armed = null;
    if (button) rest(button);
  }

  // Answers true when this tap is the confirming one and the act should go ahead.
  function tap(button) {
    var key = keyOf(button), now = performance.now();
    if (armed && armed.key === key) {
      if (now - armed.at < SETTLE_MS) return false;
      disarm();
      rest(button);
      return true;
    }
    disarm();
    if (described[key]) {
      var text = described[key]();
      if (!text) return false;
      button.dataset.confirm = text;
    }
    armed = {key: key, at: now, text: button.dataset.confirm, timer: setTimeout(function () { disarm(); }, HOLD_MS)};
    show(button);
    return false;
  }

  // Disarms the armed button when what its second tap would do is no longer what it shows.
  function refresh() {
    if (armed && described[armed.key] && described[armed.key]() !== armed.text) disarm();
  }

  function mark(button) { if (armed && armed.key === keyOf(button)) show(button); }

  // The button's resting label and its confirming question, kept while it is armed.
  function label(button, text, confirm) {
    button.dataset.confirm = confirm;
    if (button.classList.contains("armed")) { button.dataset.label = text; button.textContent = confirm; }
    else button.textContent = text;
  }

  function bind(button, act, describe) {
    if (describe) described[keyOf(button)] = describe;
    button.addEventListener("click", function (event) {
      event.preventDefault();
      if (tap(button)) act(event);
    });
  }

  return {tap: tap, mark: mark, label: label, bind: bind, disarm: disarm, refresh: refresh};
})();
