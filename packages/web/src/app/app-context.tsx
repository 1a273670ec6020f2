import {
  Catalogue,
  engineLimits,
  withConstantsFilled,
  type AppModel,
  type EngineLimits,
} from '@specrun/model';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { Api } from '../api/api.js';
import { localeOf, type Locale } from '../format/format-value.js';
import { appScreens, type AppScreen } from '../model/screens.js';

/**
 * What every screen needs of the application, worked out once: its model, its error catalogue,
 * its limits, its API, its screens, its locale.
 */
export interface AppSetup {
  model: AppModel;
  catalogue: Catalogue;
  limits: EngineLimits;
  api: Api;
  screens: AppScreen[];
  locale: Locale;
}

const AppContext = createContext<AppSetup | null>(null);

/**
 * Works out the application's setup once per model, for every screen below, and marks the page
 * as written in section 1's Language (`<html lang>`), for screen readers, hyphenation and spelling.
 */
export function AppProvider({ model: given, children }: { model: AppModel; children: ReactNode }) {
  const setup = useMemo<AppSetup>(() => {
    // Texts show section 9's values where they name them: `{EMERGENCY_PHONE}`.
    const model = withConstantsFilled(given);
    const catalogue = new Catalogue(model);
    const api = new Api(model, catalogue);
    const limits = engineLimits(model);
    return { model, catalogue, limits, api, screens: appScreens(model), locale: localeOf(model) };
  }, [given]);
  const { language } = setup.locale;
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return <AppContext.Provider value={setup}>{children}</AppContext.Provider>;
}

/** The application's setup; only screens inside AppProvider (the model is loaded) use it. */
export function useApp(): AppSetup {
  const setup = useContext(AppContext);
  if (!setup) throw new Error('useApp() outside AppProvider');
  return setup;
}
