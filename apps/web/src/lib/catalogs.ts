import { DEFAULT_LANGUAGE, type Language } from '@meridian/i18n';

export type Catalog = Record<string, unknown>;

/**
 * One lazy chunk per language catalog (packages/i18n/locales/<lang>/web.json): only the active
 * language is ever downloaded. A language whose catalog does not exist yet falls back to English.
 * Kept apart from i18next so the entry can start the download before the app's code arrives.
 */
const loaders = import.meta.glob<Catalog>('../../../../packages/i18n/locales/*/web.json', {
  import: 'default',
});

const loaderFor = (lang: string) => loaders[`../../../../packages/i18n/locales/${lang}/web.json`];

/** Loads a chunk, retrying a transient failure (a server restart, a flaky network) twice. */
async function withRetry<T>(load: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await load();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 600 * i));
    }
  }
}

async function fetchCatalog(lang: Language): Promise<Catalog> {
  const load = loaderFor(lang) ?? loaderFor('en') ?? loaderFor(DEFAULT_LANGUAGE);
  if (!load) return {};
  try {
    return await withRetry(load);
  } catch (err) {
    console.warn(`[i18n] catalog ${lang} could not be loaded`, err);
    return {};
  }
}

const inFlight = new Map<Language, Promise<Catalog>>();

/** The catalog of a language (never rejects: an empty catalog when it cannot be loaded). */
export function loadCatalog(lang: Language): Promise<Catalog> {
  let p = inFlight.get(lang);
  if (!p) {
    p = fetchCatalog(lang);
    inFlight.set(lang, p);
    // Only the download is shared: a failed (empty) load is tried again next time.
    void p.then((catalog) => {
      if (Object.keys(catalog).length === 0) inFlight.delete(lang);
    });
  }
  return p;
}
