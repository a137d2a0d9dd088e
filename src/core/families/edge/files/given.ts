/** Whether a reader option was given: blank or `auto` leave it to what the file shows (order, rotation, frame). */
export const optionGiven = (option: string | undefined): option is string => option !== undefined && option !== '' && option !== 'auto';
