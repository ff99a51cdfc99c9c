import { Button, ConfirmDialog, notify } from '@sopwright/ui';
import { errorMessage, useDeleteSopMutation, useNavigate } from '@sopwright/web-client';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';

/** Deletes the SOP after asking (Cancel has focus first), then goes back to the dashboard. */
export function DeleteSopButton({ sopId, sopTitle, team }: { sopId: string; sopTitle: string; team: boolean }) {
  const [asking, setAsking] = useState(false);
  const [deleteSop, { isLoading }] = useDeleteSopMutation();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await deleteSop(sopId).unwrap();
      setAsking(false);
      notify.success('SOP deleted');
      navigate('/dashboard');
    } catch (error) {
      notify.error('Delete failed', errorMessage(error, 'Failed to delete the SOP'));
    }
  };

  return (
    <>
      <Button variant="ghost" colorPalette="red" onClick={() => setAsking(true)}>
        <Trash2 /> Delete
      </Button>
      <ConfirmDialog
        open={asking}
        title="Delete this SOP?"
        description={`“${sopTitle}” and all its versions will be deleted${team ? ', its share links will stop working, and its read acknowledgements will go with it' : ''}. This cannot be undone.`}
        confirmLabel="Delete SOP"
        busyLabel="Deleting..."
        busy={isLoading}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
