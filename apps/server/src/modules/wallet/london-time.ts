import { londonDateTime } from '@meridian/i18n';

/** yyyy-MM-dd HH:mm:ss in London time (the product's display zone, spec §9), as the apps write it. */
export const londonText = (d: Date): string => londonDateTime(d.getTime());
