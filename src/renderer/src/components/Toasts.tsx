import { useToastStore } from '../stores/toast-store';

export function Toasts() {
  const { toasts, dismiss } = useToastStore();
  return (
    <div className="toasts" role="log" aria-live="polite" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.level}`}>
          <span>{t.message}</span>
          <button type="button" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
