// react-data-grid ≥ beta.60 uses iterator helpers that Node 20 lacks.
import "core-js/actual/iterator";

process.env.TZ = "Europe/Rome";

if (typeof globalThis.CSS === "undefined") {
  (globalThis as any).CSS = { escape: (s: string) => s, supports: () => false };
} else if (!globalThis.CSS.escape) {
  (globalThis.CSS as any).escape = (s: string) => s;
}
// jsdom has no layout: give elements a size, or react-data-grid renders a single column.
Object.defineProperties(HTMLElement.prototype, {
  clientWidth: { configurable: true, get: () => 1200 },
  clientHeight: { configurable: true, get: () => 800 },
});
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!(globalThis as any).ResizeObserver) {
  (globalThis as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// jest-fixed-jsdom gives the tests Node's FormData (for msw), which cannot read a <form>. React 19
// builds one from the form when its submit handler starts a transition (a filter bar's 'Applica'
// navigates, and react-router navigates in a transition): read the form's fields as a browser does.
{
  const NodeFormData = globalThis.FormData;
  class FormDataFromForm extends NodeFormData {
    constructor(form?: unknown, submitter?: unknown) {
      super();
      if (!(form instanceof HTMLFormElement)) return;
      for (const el of Array.from(form.elements) as HTMLInputElement[]) {
        if (!el.name || el.disabled) continue;
        if ((el.type === "checkbox" || el.type === "radio") && !el.checked) continue;
        if (el.type === "submit" && el !== submitter) continue;
        this.append(el.name, el.value);
      }
    }
  }
  globalThis.FormData = FormDataFromForm as typeof FormData;
}
