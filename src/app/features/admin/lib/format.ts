/** Display formats of the admin screens. */
import dayjs from 'dayjs';

/** A creation time as the tables show it. */
export const formatDate = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm');
