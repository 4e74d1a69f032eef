// Follow the board's Server-Sent Events, resuming after the last event seen. The browser reconnects
// by itself after a dropped stream; if it gives up (the server was down when it retried), start a
// new stream after a pause, so a TV left alone recovers from a restart without anyone touching it.
// kind: the SSE event name ("board" for the flashboard, "clock" for the tournament clock).
var Live = (function () {
  function follow(url, after, onEvent, onStatus, kind) {
    var last = after;
    function connect() {
      var source = new EventSource(url + (url.indexOf("?") >= 0 ? "&" : "?") + "after=" + last);
      source.addEventListener("open", function () { onStatus(true); });
      source.addEventListener(kind || "board", function (event) {
        last = parseInt(event.lastEventId, 10) || last;
        onEvent(JSON.parse(event.data));
      });
      source.addEventListener("error", function () {
        onStatus(false);
        if (source.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
      });
    }
    connect();
  }
  return {follow: follow};
})();
