import { isHttpUrl } from '../../../shared/csp';
import { call } from '../ipc/client';
import { useToastStore } from '../stores/toast-store';

/** A link from an answer: a button that asks main to open http(s) URLs in the system browser. */
export function ExternalLink({
  href,
  children,
}: {
  href: string | null | undefined;
  children: React.ReactNode;
}) {
  const push = useToastStore((s) => s.push);
  if (!href || !isHttpUrl(href)) {
    return (
      <span className="dead-link" title="Not an http(s) link: not opened">
        {children}
      </span>
    );
  }
  const open = (): void => {
    call('app.openExternal', { url: href }).catch((error: unknown) =>
      push('error', `Could not open ${href}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  return (
    <button type="button" className="link-button" title={href} onClick={open}>
      {children}
    </button>
  );
}
