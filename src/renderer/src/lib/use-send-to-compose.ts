import { useComposeStore } from '../stores/compose-store';
import { useNavStore } from '../stores/nav-store';
import { useToastStore } from '../stores/toast-store';

/**
 * "Use in Compose": adds prompts to the Compose view's prompt list (skipping ones already
 * there), says how many were added, and opens Compose.
 */
export function useSendToCompose(): (prompts: string[], what: string) => void {
  const addPrompts = useComposeStore((s) => s.addPrompts);
  const go = useNavStore((s) => s.go);
  const push = useToastStore((s) => s.push);
  return (prompts, what) => {
    const added = addPrompts(prompts);
    if (added > 0) push('success', `Added ${added} prompt${added === 1 ? '' : 's'} from ${what} to Compose`);
    else push('info', `Every prompt of ${what} is already in Compose`);
    go('compose');
  };
}
