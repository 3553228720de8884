import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceProfilePanel } from '../../../src/renderer/src/views/settings/ServiceProfilePanel';
import { useProfileStore } from '../../../src/renderer/src/stores/profile-store';
import { NEUTRAL_PROFILE, neutralProfile, type ServiceProfile } from '../../../src/shared/profile';
import {
  builtinProfile,
  listBuiltinProfiles,
  type BuiltinProfileId,
} from '../../../src/shared/profile/builtin';
import type { ProfileView } from '../../../src/shared/ipc/channels/profile';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';

// Settings → Service profile against the fake window.parallax: the draft is checked field by
// field as it is typed (the shared schema), Save sends the typed profile and shows main's
// field errors next to their inputs, and import/export go through main's channels.

const initial = useProfileStore.getState();

const BUILTINS = listBuiltinProfiles().map((b) => ({
  id: b.id,
  name: b.profile.name,
  description: b.description,
  preview: b.preview,
}));

/** What main answers: the built-in chosen by name, else the saved profile, else the spec's names. */
function viewOf(chosen: BuiltinProfileId | null, stored: ServiceProfile | null): ProfileView {
  const builtin = chosen ?? (stored === null ? 'spec' : null);
  return {
    profile: builtin === null ? (stored as ServiceProfile) : builtinProfile(builtin).profile,
    isNeutral: builtin === 'spec',
    builtin,
    preview: builtin === 'preview',
    detected: false,
    builtins: BUILTINS,
    savedName: stored?.name ?? null,
  };
}

describe('Service profile panel', () => {
  let fake: FakeParallax;
  let stored: ServiceProfile | null;
  let chosen: BuiltinProfileId | null;
  beforeEach(() => {
    useProfileStore.setState(initial, true);
    stored = null;
    chosen = null;
    fake = installFakeParallax();
    fake.handle('profile.get', () => viewOf(chosen, stored));
    fake.handle('profile.save', ({ profile }) => {
      stored = profile as ServiceProfile;
      chosen = null;
      return viewOf(chosen, stored);
    });
    fake.handle('profile.choose', ({ choice }) => {
      chosen = choice === 'saved' ? null : (choice as BuiltinProfileId);
      return viewOf(chosen, stored);
    });
  });

  const open = async (): Promise<void> => {
    render(<ServiceProfilePanel />);
    const details = screen.getByText(/Engine paths, task types/).closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await screen.findByLabelText('assistant-a Async taskType');
  };
  const input = (label: string): HTMLInputElement => screen.getByLabelText(label);

  it('loads the profile in use and saves an edited one', async () => {
    await open();
    expect(screen.getByText(/In use: the spec’s neutral names/)).toBeTruthy();
    expect(input('search-news Path under /v1/monitor/').value).toBe('search/news');
    fireEvent.change(input('assistant-a Path under /v1/monitor/'), { target: { value: 'gw/chat' } });
    fireEvent.change(input('assistant-a Async taskType'), { target: { value: 'GW_CHAT' } });
    fireEvent.change(input('assistant-a Base cost (credits)'), { target: { value: '7' } });
    fireEvent.change(input('search Countries model'), { target: { value: '' } });
    fireEvent.change(input('Profile name'), { target: { value: 'Gateway' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Saved “Gateway”.');
    // The Compose picker's labels are reloaded from the catalog.
    await waitFor(() => expect(fake.callsTo('engines.list').length).toBeGreaterThan(0));
    const [sent] = fake.callsTo('profile.save');
    const expected = neutralProfile();
    expected.name = 'Gateway';
    expected.engines['assistant-a'] = {
      ...expected.engines['assistant-a'],
      path: 'gw/chat',
      taskType: 'GW_CHAT',
      baseCost: 7,
    };
    expected.engines.search = { ...expected.engines.search, countriesModel: null };
    expect(sent?.profile).toEqual(expected);
  });

  it('shows each invalid field next to its input as it is typed, and blocks Save and Export', async () => {
    await open();
    fireEvent.change(input('assistant-b Async taskType'), { target: { value: 'assistant b' } });
    fireEvent.change(input('search-ai Base cost (credits)'), { target: { value: 'ten' } });
    const taskType = input('assistant-b Async taskType');
    expect(taskType.getAttribute('aria-invalid')).toBe('true');
    const describedBy = taskType.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toMatch(/upper-case letters/);
    expect(input('search-ai Base cost (credits)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be a number of credits')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save profile' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Export…' }) as HTMLButtonElement).disabled).toBe(true);
    // Two engines on one path: named on the second.
    fireEvent.change(input('assistant-b Async taskType'), { target: { value: 'ASSISTANT_B' } });
    fireEvent.change(input('search-ai Base cost (credits)'), { target: { value: '4' } });
    fireEvent.change(input('assistant-c Path under /v1/monitor/'), { target: { value: 'assistant-a' } });
    expect(await screen.findByText(/is already used by engines.assistant-a/)).toBeTruthy();
  });

  it('puts main’s field errors on their inputs when a save is refused', async () => {
    fake.handle('profile.save', () =>
      fail('VALIDATION_ERROR', 'Invalid input for profile.save', [
        { field: 'profile.engines.search.label', message: 'refused by main' },
      ]),
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findAllByText('refused by main');
    expect(input('search Label').getAttribute('aria-invalid')).toBe('true');
  });

  it('imports into the form (review before Save), lists a bad file’s errors, exports the draft', async () => {
    const acme = neutralProfile();
    acme.name = 'Acme';
    acme.engines.search = { ...acme.engines.search, taskType: 'ACME_WEB' };
    let answer: {
      path: string | null;
      profile: ServiceProfile | null;
      errors: Array<{ field: string; message: string }>;
    } = {
      path: '/home/a/acme.json',
      profile: acme,
      errors: [],
    };
    fake.handle('profile.import', () => answer);
    fake.handle('profile.export', () => ({ path: '/home/a/out.json', bytes: 100 }));
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
    await screen.findByText(/Imported “Acme” from \/home\/a\/acme.json: review it, then Save/);
    expect(input('search Async taskType').value).toBe('ACME_WEB');
    expect(fake.callsTo('profile.save')).toHaveLength(0);

    answer = {
      path: '/home/a/bad.json',
      profile: null,
      errors: [{ field: 'engines.search.path', message: 'cannot be empty' }],
    };
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
    await screen.findByText(/bad.json is not a valid service profile/);
    expect(screen.getByText('engines.search.path')).toBeTruthy();
    expect(input('search Async taskType').value).toBe('ACME_WEB'); // the draft is kept

    fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
    await waitFor(() => expect(fake.callsTo('profile.export')).toHaveLength(1));
    expect(fake.callsTo('profile.export')[0]?.profile).toEqual(acme);
    await screen.findByText('Exported to out.json.');
  });

  it('the picker lists the built-ins and the saved profile; choosing one puts it in use', async () => {
    await open();
    const picker = screen.getByLabelText('Profile in use') as HTMLSelectElement;
    expect(picker.value).toBe('spec');
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      NEUTRAL_PROFILE.name,
      'Live service',
      'Preview: all engines (preview)',
    ]);
    fireEvent.change(picker, { target: { value: 'live' } });
    await screen.findByText('In use: “Live service”.', { selector: '[role="status"]' });
    expect(fake.callsTo('profile.choose')).toEqual([{ choice: 'live' }]);
    expect(input('assistant-a Label').value).toBe('ChatGPT');
    expect(screen.getByText(/official SDK names the engines/)).toBeTruthy();
    // The engine labels the app shows come from the catalog, reloaded for the new profile.
    await waitFor(() => expect(fake.callsTo('engines.list').length).toBeGreaterThan(0));

    fireEvent.change(picker, { target: { value: 'preview' } });
    await screen.findByText(/A preview: it calls engines the spec still lists as coming soon/);

    // A profile saved from the form is offered beside the built-ins and can be chosen again.
    fireEvent.change(input('Profile name'), { target: { value: 'Gateway' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Saved “Gateway”.');
    expect(picker.value).toBe('saved');
    expect([...picker.options].at(-1)?.textContent).toBe('Saved: Gateway');
    fireEvent.change(picker, { target: { value: 'spec' } });
    await waitFor(() => expect(picker.value).toBe('spec'));
    fireEvent.change(picker, { target: { value: 'saved' } });
    await waitFor(() => expect(input('Profile name').value).toBe('Gateway'));
  });
});
