// The idle lock: after the configured time without a touch or a key, reload; the server sees the
// station idle, locks it and shows the PIN screen with the same username ready. Touches that send
// nothing (building a cart, picking numbers) tell the server once a minute that someone is there.
(function () {
  var seconds = parseInt(document.body.dataset.idleSeconds, 10);
  if (!seconds) return;
  var timer = null, told = Date.now();
  function arm() {
    clearTimeout(timer);
    timer = setTimeout(function () { window.location.reload(); }, (seconds + 2) * 1000);
    if (Date.now() - told > 60000) {
      told = Date.now();
      fetch(window.location.pathname, {method: "HEAD"});
    }
  }
  ["pointerdown", "keydown", "touchstart"].forEach(function (name) { document.addEventListener(name, arm, {passive: true}); });
  arm();
})();
