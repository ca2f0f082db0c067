/** Display formats of the trivia screens. */
import dayjs from 'dayjs';

/** An open time as the lists show it; '' when there is none. */
export const formatTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');
