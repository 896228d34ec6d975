import Box from '@mui/material/Box';
import { callParams } from '../../core/form-data.js';
import type { FormScreen } from '../../core/generated/schema-language.js';
import type { RecordData } from '../../core/types.js';
import { useCall } from '../data.js';
import { Notes } from '../detail/Notes.js';
import { useParams, useSearchParams } from '../router.js';

/**
 * A form's `intro`: sentences above it about the record its named call answers, its parameters read from the
 * address. Nothing is shown until the call answers, nor ever when it fails (an unknown code): the form never waits
 * for it and is never blocked by it.
 * @example <FormIntro intro={{ call: 'pages.owner', params: { slug: ':slug' }, notes: [{ text: 'x.by' }] }} />
 */
export function FormIntro({ intro }: { intro: NonNullable<FormScreen['intro']> }) {
  const [query] = useSearchParams();
  const params = callParams(intro.params, useParams(), query);
  const { data, error } = useCall<{ data?: RecordData }>(intro.call, params && { params }, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (error || !data?.data) return null;
  return (
    <Box sx={{ mb: 2 }} data-intro={intro.call}>
      <Notes notes={intro.notes} record={data.data} />
    </Box>
  );
}
