# Pravidla her pro /help game:<název> a texty ukázkových obrázků.
# Zápis (tahy, pole, buňky, písmena kamenů) se nepřekládá.

rules-tablut =
    Cíl: černí (16 útočníků, a) táhnou první a snaží se zajmout bílého krále (K); bílí (král a 8 obránců, d) vyhrají, když se král dostane na kterékoli krajní pole.
    Pohyb: každý kámen táhne jako šachová věž, o libovolný počet volných polí po řadě nebo sloupci, bez přeskakování. Jakmile král opustí trůn e5, nikdo na něm nesmí zastavit, ale kameny přes něj přejít mohou.
    Braní: sevřete nepřátelského vojáka mezi dva své kameny v jedné řadě (prázdný trůn pomáhá oběma stranám; vstoupit mezi dva nepřátele je bezpečné; král nikdy nebere). Krále zajmou útočníci ze všech čtyř stran, nebo ze tří, když čtvrtou stranou je trůn.
    Konec: strana bez přípustného tahu prohrává; stejná pozice potřetí znamená remízu.
    Zápis tahu: dvě pole, odkud-kam: `e8-d8` přesune kámen z e8 na d8 (braní lze zapsat `d1-d3xe3`).
    Varianty (`variant:` v /play): popsaná pravidla jsou `seed`; `linnaeus` krále ozbrojí a daleko od trůnu ho zajmou dva útočníci; `ashton` přidává tábory a uzavřený trůn a začínají bílí.

rules-tzaar =
    Cíl: každá strana má 6 Tzaarů, 9 Tzarr a 15 Tottů (velká písmena Z A T bílé, malá černé). Vyhrajete, když soupeř přijde o celý jeden druh kamenů, nebo nemůže na začátku svého tahu brát.
    Tahy: bílý začíná jediným braním; potom má každý tah dvě části: nejprve braní, pak braní, postavení na vlastní věž, nebo pass.
    Pohyb: kámen či věž táhne rovně po přímce přes volné body až k první věži, nikdy přes věž ani přes prostřední díru. Brát smíte nepřátelskou věž, která není vyšší než vaše; postavení dá vaši věž na jinou vaši (výšky se sčítají, druh určuje horní kámen).
    Zápis tahu: `E4xD4` bere z E4 na D4, `F4-F5` staví, `pass` vynechává; celý tah najednou: `E4xD4 F4-F5`. Sloupce A-I, řady od 1 dole; E5 je díra.
    Začátky (`setup:` v /play): `random` (výchozí), `random:SEED`, `standard` (pevné postavení z pravidel), nebo pozice v zápisu.

rules-tantrix =
    Cíl: každý hráč má svou barvu a snaží se z ní postavit co nejdelší čáru (1 bod za kámen) nebo smyčku (2 body za kámen).
    Pokládání: položte kámen z ruky k kamenům na stole tak, aby se každé dotýkající se hrany shodovaly barvou.
    Vynucená pole: pole obklopené třemi kameny je vynucené. Na začátku tahu vyplňte všechna vynucená pole, která můžete, pak udělejte jeden volný tah (ne do vynuceného pole) a pak znovu vyplňte vynucená pole. Dokud jsou v pytlíku kameny, nesmíte vytvořit vynucené pole se třemi stranami jedné barvy, nechat pole se čtyřmi sousedy ani hrát podél kontrolované strany. Hra končí, když jsou položeny všechny kameny.
    Zápis tahu: kámen@q,r:k, např. `23@1,-1:4` položí kámen 23 na buňku q=1, r=-1, otočený o k=4 kroky po směru hodinových ručiček (0-5). Obrázek značí volné buňky jako q,r. První kámen jde na 0,0.

rules-example = Příklad: { $move }

# What each variant changes, after its name in /play's autocompletion (keys: variant-<game>-<variant>).
variant-tablut-seed = pravidla prvního kola: krále je třeba obklíčit ze čtyř stran
variant-tablut-linnaeus = běžná rekonstrukce: ozbrojený král, mimo trůn ho zajmou dva útočníci
variant-tablut-ashton = pravidla Tablut Challenge: začíná bílý, tábory, uzavřený trůn, ozbrojený král
variant-tzaar-random = kameny náhodně rozmístěné po desce, jako na turnajích
variant-tzaar-standard = pevné výchozí postavení z pravidel, pro začátečníky
