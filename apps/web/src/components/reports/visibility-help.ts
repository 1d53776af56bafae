// Who reads a report at each visibility, in the words the publish and visibility forms show.
import type { PublishReport } from '~/lib/schemas/reports';

export const VISIBILITY_HELP: Record<PublishReport['visibility'], string> = {
  private: 'members of the organization only',
  unlisted: 'anyone with the link',
  public: 'anyone; listed on the organization’s public page',
};
