import { Button, Flex } from 'antd';
import { useState } from 'react';
import { ReasonModal } from './reason-modal';

/** One decision of a review (approve, reject, …): its button and what the reason dialog says. */
export interface ReviewChoice<A extends string> {
  action: A;
  label: string;
  /** Shown above the reason: what happens to the money. */
  description: string;
  primary?: boolean;
  danger?: boolean;
}

/** A choice in one line: the approving one is `primary`, a refusal `danger`. */
export const reviewChoice = <A extends string>(
  action: A,
  label: string,
  description: string,
  look: 'primary' | 'danger',
): ReviewChoice<A> =>
  look === 'primary'
    ? { action, label, description, primary: true }
    : { action, label, description, danger: true };

/**
 * The decision buttons of a review drawer; each asks for a reason (ReasonModal: the client reads it
 * as the remark of their deposit or withdrawal record, whatever the decision) and then calls
 * `onSubmit(action, reason)`. The dialog closes when that resolves and stays open on a refusal
 * (its message is shown by the query client).
 */
export function ReviewActions<A extends string>({
  choices,
  busy,
  onSubmit,
}: {
  choices: Array<ReviewChoice<A>>;
  busy: boolean;
  onSubmit: (action: A, reason: string) => Promise<unknown>;
}) {
  // The last choice stays while the dialog closes (its title does not blank during the animation).
  const [chosen, setChosen] = useState<ReviewChoice<A> | null>(null);
  const [open, setOpen] = useState(false);
  const choose = (choice: ReviewChoice<A>) => {
    setChosen(choice);
    setOpen(true);
  };
  const submit = async (reason: string) => {
    if (!chosen) return;
    try {
      await onSubmit(chosen.action, reason);
      setOpen(false);
    } catch {
      // refused: the message is already shown; the dialog stays for another try
    }
  };
  return (
    <>
      <Flex gap={8} wrap>
        {choices.map((c) => (
          <Button
            key={c.action}
            type={c.primary ? 'primary' : 'default'}
            danger={c.danger}
            disabled={busy}
            onClick={() => choose(c)}
          >
            {c.label}
          </Button>
        ))}
      </Flex>
      <ReasonModal
        open={open}
        title={chosen?.label}
        description={chosen?.description}
        okText={chosen?.label}
        danger={chosen?.danger}
        clientSees
        busy={busy}
        onCancel={() => setOpen(false)}
        onSubmit={(reason) => void submit(reason)}
      />
    </>
  );
}
