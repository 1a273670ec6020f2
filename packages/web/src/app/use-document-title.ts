import { useEffect } from 'react';
import { useApp } from './app-context.js';
import { displayName } from './display-name.js';

/** Names the browser tab: "Screen · Application", or the application alone on its home. */
export function useDocumentTitle(screen?: string) {
  const { model } = useApp();
  const app = displayName(model.name);
  const title = screen ? `${screen} · ${app}` : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
