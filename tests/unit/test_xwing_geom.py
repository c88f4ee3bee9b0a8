# Computes the expected maneuver end poses of tests/unit/test_xwing.c with
# floating point, independently of the module's integer code.
import math
def rha(v):  # round half away from zero
    return int(math.floor(abs(v)+0.5))*(1 if v>=0 else -1)
L={0:40.0,1:60.0,2:80.0}
bank=[80.0,130.0,180.0]; turn=[35.0,62.5,90.0]
def local(size,b,s):
    l=L[size]
    def arc(R,th,side):
        t=math.radians(th)
        return (side*(R*(1-math.cos(t))+l/2*math.sin(t)), l/2+R*math.sin(t)+l/2*math.cos(t), side*th)
    if b=='F': return (0,l+40*s,0)
    if b=='K': return (0,l+40*s,180)
    if b=='O': return (0,0,0)
    if b=='S': return (0,-(l+40*s),0)
    if b in 'BN': return arc(bank[s-1],45,-1 if b=='B' else 1)
    if b in 'TY': return arc(turn[s-1],90,-1 if b=='T' else 1)
    if b in 'LP':
        x,y,h=arc(bank[s-1],45,-1 if b=='L' else 1); return (x,y,h+(180 if h>0 else -180))
    if b in 'ER':
        x,y,h=arc(turn[s-1],90,-1 if b=='E' else 1); return (x,y,h+(90 if h>0 else -90))
    if b in 'AD':
        x,y,h=arc(bank[s-1],45,-1 if b=='A' else 1); return (x,-y,-h)
speeds={'F':range(1,6),'K':range(1,6),'O':[0],'S':[1,2],'B':[1,2,3],'N':[1,2,3],'T':[1,2,3],'Y':[1,2,3],
 'L':[1,2,3],'P':[1,2,3],'E':[1,2,3],'R':[1,2,3],'A':[1,2,3],'D':[1,2,3]}
rows=[]
for size in (0,1,2):
  for b in "TBFNYKLPEROASD":
    for s in speeds[b]:
      for h0 in (0,300,2250):
        x0,y0=50000,40000
        dx,dy,dh=local(size,b,s)
        t=math.radians(h0/10)
        X=x0/100+dx*math.cos(t)+dy*math.sin(t); Y=y0/100-dx*math.sin(t)+dy*math.cos(t)
        H=(h0+round(dh*10))%3600
        rows.append((size,"%d%sW"%(s,b),h0,rha(X*100),rha(Y*100),H))
print("static const struct { int size; const char *code; int h0; int x, y, h; } expect_end[] = {")
for r in rows: print('\t{%d, "%s", %d, %d, %d, %d},'%r)
print("};")
# barrel rolls
print("static const struct { int size, side, place, h0; int x, y; } expect_roll[] = {")
for size in (0,1,2):
  for side in (0,1):
    for place in (0,1,2):
      for h0 in (0,300):
        l=L[size]; across=40 if size==0 else 20; slide=10 if size==0 else 20
        dx=(l+across)*(1 if side else -1); dy={0:slide,1:0,2:-slide}[place]
        t=math.radians(h0/10)
        X=500+dx*math.cos(t)+dy*math.sin(t); Y=400-dx*math.sin(t)+dy*math.cos(t)
        print('\t{%d, %d, %d, %d, %d, %d},'%(size,side,place,h0,rha(X*100),rha(Y*100)))
print("};")
