// The program and house-rules page: print a copy on this station's receipt printer for a player. A copy
// that did not print, or that the printer did not confirm, is said in the message bar with the reason; it
// waits in this page's To print list (printqueue.js) to be checked or printed again.
(function () {
  ["print-program", "print-house-rules"].forEach(function (id) {
    var button = document.getElementById(id);
    button.addEventListener("click", function () {
      Station.send("POST", button.dataset.print, undefined).then(function (job) {
        if (PrintQueue.printed(job)) Station.tell("Printed.");
        else Station.say(PrintQueue.outcome(job, "The copy"));
        PrintQueue.changed();
      }).catch(function () {});
    });
  });
})();
