import re,sys
src,dst=sys.argv[1],sys.argv[2]
t=open(src,encoding='utf-8').read()
pat=re.compile(r'match="\(ubl:Invoice \| cn:CreditNote\)(\[[^"]*?\])/\(cac:InvoiceLine \| cac:CreditNoteLine\)(/[^"]*)"')
n=0
def rep(m):
    global n; n+=1
    pred,rest=m.group(1),m.group(2)
    alts=[f'{root}{pred}/{line}{rest}' for root in ('ubl:Invoice','cn:CreditNote') for line in ('cac:InvoiceLine','cac:CreditNoteLine')]
    return 'match="'+' | '.join(alts)+'"'
t=pat.sub(rep,t)
assert n==2,n
header='''<!--
  DERIVED COPY of BR-FR-Flux2-Schematron-UBL.xslt (FNFE-MPE, XP Z12-012 v1.4.0.01, Apache-2.0), kept beside
  the untouched original. What changed: only the two match patterns of BR-FR-MV-14 and BR-FR-BD-14 (modes
  M81 and M82), written « (ubl:Invoice | cn:CreditNote)[P]/(cac:InvoiceLine | cac:CreditNoteLine)/R »,
  an XSLT 3.0 pattern form, are rewritten as the union of their four XSLT 2.0 paths
  « ubl:Invoice[P]/cac:InvoiceLine/R | ubl:Invoice[P]/cac:CreditNoteLine/R | cn:CreditNote[P]/cac:InvoiceLine/R
  | cn:CreditNote[P]/cac:CreditNoteLine/R », which matches exactly the same nodes.
  Why: Debian's Saxon-HE 9.9 refuses the original patterns (« Cannot convert the expression ») and the
  stylesheet does not compile at all. Made by tests/validators/fnfe-fr/ubl/derive-saxon99.py; decision 085.
-->
'''
i=t.index('?>')+2 if t.startswith('<?xml') else 0
t=t[:i]+'\n'+header+t[i:].lstrip('\n')
open(dst,'w',encoding='utf-8').write(t)
print('ok',n)
