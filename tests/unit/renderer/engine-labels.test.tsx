import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EngineSelect } from '../../../src/renderer/src/components/EngineSelect';
import { engineLabel } from '../../../src/renderer/src/lib/engine-label';
import { useCatalogStore } from '../../../src/renderer/src/stores/catalog-store';
import { alertWhere } from '../../../src/renderer/src/views/alerts/alert-format';
import { ENGINE_NAMES } from '../../../src/shared/api/engines';
import type { AlertView } from '../../../src/shared/alerts/types';
import { builtinProfile } from '../../../src/shared/profile/builtin';
import { installFakeParallax } from './fake-parallax';
import { liveEngineCatalog } from './fake-handlers';
import { resetStores } from './reset-stores';

// The app names engines by the service profile in use: the labels of the engine catalog main
// sends (engines.list), the spec's until it has arrived; one lookup (lib/engine-label.ts) for
// every view.

const LIVE = builtinProfile('live').profile;

describe('engine labels in the app', () => {
  beforeEach(() => {
    resetStores();
    installFakeParallax({
      'engines.list': liveEngineCatalog,
    });
  });

  it('are the spec’s before the catalog arrives and the profile’s once it has', async () => {
    expect(engineLabel('assistant-a')).toBe('Assistant A');
    expect(engineLabel('an-engine-of-a-newer-history')).toBe('an-engine-of-a-newer-history');
    await useCatalogStore.getState().loadEngines();
    expect(ENGINE_NAMES.map(engineLabel)).toEqual(ENGINE_NAMES.map((e) => LIVE.engines[e].label));
  });

  it('show in the views: the engine picker and an alert’s place', async () => {
    await useCatalogStore.getState().loadEngines();
    render(<EngineSelect value="search-news" onChange={() => undefined} />);
    const select = screen.getByRole('combobox', { name: 'Engine' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toContain('Google News');
    expect(select.selectedOptions[0]?.textContent).toBe('Google News');
    const alert = { scope: 'cell', prompt: 'best crm', engine: 'assistant-d', loc: 'US' } as AlertView;
    expect(alertWhere(alert)).toBe('“best crm” · Microsoft Copilot · United States');
  });
});
