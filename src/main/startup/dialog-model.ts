// What the Electron shell shows in a native message box, as plain data: the start-up, quit and
// resume decisions are made and tested in Node, and the shell only renders the model and reports
// which button was pressed.

export interface DialogButton<A extends string> {
  action: A;
  label: string;
}

export interface DialogModel<A extends string> {
  type: 'error' | 'warning' | 'question' | 'info';
  title: string;
  /** The one-line reason, in the dialog's heading. */
  message: string;
  /** What happened in detail and what each way out does. */
  detail: string;
  /** In display order; the first is the default unless `defaultAction` says otherwise. */
  buttons: Array<DialogButton<A>>;
  defaultAction: A;
  /** Escape, or closing the box, picks this one. */
  cancelAction: A;
}

/** Shows a model and answers with the action of the button pressed. */
export type AskDialog = <A extends string>(model: DialogModel<A>) => Promise<A>;

/** Electron's showMessageBox wants indices; this keeps the mapping in one tested place. */
export function toMessageBoxIndices<A extends string>(
  model: DialogModel<A>,
): { labels: string[]; defaultId: number; cancelId: number } {
  const labels = model.buttons.map((b) => b.label);
  const index = (action: A): number =>
    Math.max(
      0,
      model.buttons.findIndex((b) => b.action === action),
    );
  return { labels, defaultId: index(model.defaultAction), cancelId: index(model.cancelAction) };
}

export function actionAt<A extends string>(model: DialogModel<A>, index: number): A {
  return model.buttons[index]?.action ?? model.cancelAction;
}
