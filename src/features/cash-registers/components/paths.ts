/** The journals' route, spelled as the spec writes it (the browser may send it as %C3%A9). */
export const JOURNALS_PATH = '/mes-caisses/journées' as const;
