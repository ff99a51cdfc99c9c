import { notify } from '@sopwright/ui';
import { sopwrightApi, useNavigate } from '@sopwright/web-client';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { generationFailure } from './generation-errors';
import { useGetGenerationJobQuery } from './generation-job-api';
import { uploadGeneration } from './upload-generation';

export interface MediaGenerationOptions {
  /** e.g. /api/sop/from-video */
  path: string;
  /** The spec's toast title when this source fails, e.g. 'Failed to process video'. */
  failureTitle: string;
  /** Audio shows 'Upgrade Required' for credit and plan refusals (spec §8). */
  upgradeOnPlanMessages?: boolean;
}

/**
 * Sends one media generation and follows it: upload progress first, then the job's stage
 * from GET /api/jobs/:id (the id is ours, sent in x-generation-id) until the SOP exists.
 */
export function useMediaGeneration({ path, failureTitle, upgradeOnPlanMessages = false }: MediaGenerationOptions) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(0);
  const uploading = generationId !== null && uploaded < 1;
  const { data: job } = useGetGenerationJobQuery(generationId ?? '', { skip: generationId === null || uploading, pollingInterval: 1000 });

  const generate = async (form: FormData) => {
    const id = crypto.randomUUID();
    setUploaded(0);
    setGenerationId(id);
    try {
      await uploadGeneration(path, form, id, setUploaded);
      dispatch(sopwrightApi.util.invalidateTags(['Sop', 'Usage']));
      notify.success('SOP created!');
      navigate('/dashboard');
    } catch (error) {
      const failure = generationFailure(error, failureTitle, { upgradeOnPlanMessages });
      notify.error(failure.title, failure.description);
    } finally {
      setGenerationId(null);
    }
  };

  return { generate, busy: generationId !== null, uploading, uploaded, job: generationId ? job : undefined };
}
