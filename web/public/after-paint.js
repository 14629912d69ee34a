/* global document, requestAnimationFrame */
// Starts the drawn page's app after its first paint (scripts/build.mjs).
(function () {
  const s = document.currentScript;
  const start = () => {
    const a = document.createElement('script');
    a.type = 'module';
    a.crossOrigin = 'anonymous';
    a.src = s.dataset.app;
    document.head.appendChild(a);
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
